/**
 * /activate: the customer signs the plugin in from its ribbon. The plugin shows a code and this
 * address (with the code in `?user_code=` when the customer followed its link); signed in here,
 * the customer enters or confirms the code, sees which app and computer ask, and approves or
 * denies. A visitor without a session is told the plugin is waiting and offered /login, which
 * comes back here with the code.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorCode } from '../../contract/error-codes';
import { Messages } from '../../contract/messages';
import { type DeviceRequestView } from '../../contract/plugin-sign-in';
import * as Texts from '../../contract/plugin-sign-in-texts';
import { pluginSignIn } from '../../site.config';
import { forgetLocalSession, hasSignedInHint } from '../../lib/auth/guard';
import { loginReturningTo } from '../../lib/auth/return-path';
import { hasStoredSession } from '../../lib/auth/storage';
import { formatDateTime } from '../../lib/format';
import { ApiFailure, apiCall, messageFor } from '../shared/api';
import { forgetSession } from '../shared/auth-store';
import { dismissEarlyFormNotice, useKeepTyped } from '../shared/keep-typed';
import { withErrorBoundary } from '../ErrorBoundary';
import '../shared/forms.css';
import '../auth/auth.css';
import './activate.css';
import { isApprovePluginSignInAnswer } from '../../generated/answers/ApprovePluginSignInAnswer';
import { isLookUpPluginSignInAnswer } from '../../generated/answers/LookUpPluginSignInAnswer';

type Step =
  | { kind: 'enter' }
  | { kind: 'confirm'; request: DeviceRequestView }
  | { kind: 'done'; status: 'approved' | 'denied' };

/** The typed code without spaces or dashes, upper case; null unless it can be a code. */
export function normalizeCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  // Read member by member: destructuring would build the whole pluginSignIn namespace object,
  // and with it Rolldown's runtime helper as a chunk of its own on every island page.
  return code.length === pluginSignIn.userCodeLength &&
    [...code].every((c) => pluginSignIn.userCodeAlphabet.includes(c))
    ? code
    : null;
}

/** XXXX-XXXX. */
function shown(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Leaves for /login, coming back here with the code, when a call says the session is gone. */
function signInAgain(failure: unknown, code: string | null): boolean {
  if (!(failure instanceof ApiFailure) || failure.status !== 401) return false;
  forgetSession();
  window.location.replace(returnHere(code));
  return true;
}

/** The text for a refused code: the catalogue's, by code, else the server's or a fallback. */
function codeProblem(failure: unknown): string {
  if (failure instanceof ApiFailure) {
    if (failure.code === ErrorCode.SIGN_IN_CODE_UNKNOWN) return Texts.codeUnknown;
    if (failure.code === ErrorCode.SIGN_IN_CODE_EXPIRED) return Texts.codeExpired;
    if (failure.code === ErrorCode.SIGN_IN_CODE_DECIDED) return Texts.codeDecided;
  }
  return messageFor(failure, Texts.decisionFailed, Messages.sendNetwork);
}

function ActivatePage() {
  const id = useId();
  // null until the browser has read the plugin's link (the address exists only there).
  const [typed, setTyped] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'enter' });
  const [busy, setBusy] = useState<'lookup' | 'approved' | 'denied' | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Without a session: the plugin's code (null if none came with the link) and a way to log in. */
  const [signedOut, setSignedOut] = useState<{ code: string | null } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A code typed before hydration, or written back by the Worker, stays (keep-typed.ts); it
  // wins over the plugin's link, also on the way to /login and back.
  const early = useRef('');
  const input = useKeepTyped(typed ?? '', (code) => {
    early.current = code;
    setTyped(code);
  });

  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get('user_code') ?? '';
    const code = early.current || fromLink;
    // No session: say the plugin is waiting and offer to log in, coming back here with the code.
    // The address and storage exist only in the browser, so this is decided after hydration.
    if (!signedInHere()) return setSignedOut({ code: normalizeCode(code) });
    setTyped(code.slice(0, 20));
  }, []);

  // Each new step moves focus to its heading, so a screen reader hears what changed.
  useEffect(() => {
    if (step.kind !== 'enter') headingRef.current?.focus();
  }, [step]);

  const lookUp = async () => {
    const code = normalizeCode(typed ?? '');
    if (!code) return setError(Texts.codeMalformed);
    dismissEarlyFormNotice();
    setBusy('lookup');
    setError(null);
    try {
      const request = await apiCall(
        'POST',
        '/api/device-authorizations/lookup',
        isLookUpPluginSignInAnswer,
        { userCode: code },
      );
      setStep({ kind: 'confirm', request });
    } catch (failure) {
      if (!signInAgain(failure, code)) setError(codeProblem(failure));
    } finally {
      setBusy(null);
    }
  };

  const decide = async (request: DeviceRequestView, decision: 'approved' | 'denied') => {
    if (busy) return;
    const code = normalizeCode(request.userCode);
    setBusy(decision);
    setError(null);
    try {
      const path = `/api/device-authorizations/${decision === 'approved' ? 'approve' : 'deny'}`;
      const result = await apiCall('POST', path, isApprovePluginSignInAnswer, { userCode: code });
      setStep({ kind: 'done', status: result.status });
    } catch (failure) {
      if (!signInAgain(failure, code)) setError(codeProblem(failure));
    } finally {
      setBusy(null);
    }
  };

  const startOver = () => {
    setTyped('');
    setError(null);
    setStep({ kind: 'enter' });
  };

  const errorId = error ? `${id}-error` : undefined;
  const errorLine = error && (
    <p id={errorId} className="form-error" role="alert">
      {error}
    </p>
  );

  if (signedOut) {
    return (
      <div className="card auth-card activate-card">
        <h1>{Texts.activateTitle}</h1>
        <p className="auth-lead">{Texts.waitingSignedOut}</p>
        {signedOut.code && (
          <dl className="activate-facts">
            <dt>{Texts.codeLabel}</dt>
            <dd className="activate-mono">{shown(signedOut.code)}</dd>
          </dl>
        )}
        <a className="button button-block" href={returnHere(signedOut.code)}>
          {Texts.logInToContinue}
        </a>
      </div>
    );
  }

  if (step.kind === 'done') {
    const approved = step.status === 'approved';
    return (
      <div className="card auth-card activate-card">
        <h1 ref={headingRef} tabIndex={-1}>
          {approved ? Texts.approvedTitle : Texts.deniedTitle}
        </h1>
        <p className={approved ? 'form-success' : 'auth-lead'} role="status">
          {approved ? Texts.approvedText : Texts.deniedText}
        </p>
        <p className="auth-footer">
          <a href="/dashboard/usage">{Texts.usageLinkLabel}</a>
          <button type="button" className="button button-secondary" onClick={startOver}>
            {Texts.startOverLabel}
          </button>
        </p>
      </div>
    );
  }

  if (step.kind === 'confirm') {
    const { request } = step;
    return (
      <div className="card auth-card activate-card">
        <h1 ref={headingRef} tabIndex={-1}>
          {Texts.confirmTitle}
        </h1>
        <dl className="activate-facts">
          <dt>{Texts.confirmApp}</dt>
          <dd>{request.clientName}</dd>
          <dt>{Texts.confirmDevice}</dt>
          <dd>{request.deviceName ?? Texts.unnamedDevice}</dd>
          {request.deviceId && (
            <>
              <dt>{Texts.confirmDeviceId}</dt>
              <dd className="activate-mono">{request.deviceId}</dd>
            </>
          )}
          <dt>{Texts.confirmAccount}</dt>
          <dd>{request.accountEmail}</dd>
          <dt>Code</dt>
          <dd className="activate-mono">{request.userCode}</dd>
          <dt>{Texts.confirmRequested}</dt>
          <dd>{formatDateTime(request.requestedAt)}</dd>
        </dl>
        <p>{Texts.confirmReach}</p>
        <p className="form-info">{Texts.confirmCheck}</p>
        {errorLine}
        <div className="activate-actions">
          <button
            type="button"
            className="button"
            onClick={() => void decide(request, 'approved')}
            aria-disabled={busy !== null}
          >
            {busy === 'approved' ? 'Approving...' : Texts.approveLabel}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void decide(request, 'denied')}
            aria-disabled={busy !== null}
          >
            {busy === 'denied' ? 'Denying...' : Texts.denyLabel}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="card auth-card activate-card">
      <h1>{Texts.activateTitle}</h1>
      <p className="auth-lead">{Texts.activateIntro}</p>
      {/* Posts to this page: sent before hydration, the Worker answers the page again with the
          code filled in (functions/routes/early-forms.ts). */}
      <form
        className="account-form"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && typed !== null) void lookUp();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-code`}>{Texts.codeLabel}</label>
          <input
            ref={input}
            id={`${id}-code`}
            className="activate-code"
            type="text"
            name="user_code"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={20}
            placeholder="XXXX-XXXX"
            value={typed ?? ''}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId ? `${id}-hint ${errorId}` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="field-hint">
            {Texts.codeHint}
          </p>
        </div>
        {errorLine}
        <button type="submit" className="button button-block" disabled={busy !== null}>
          {busy === 'lookup' ? Texts.checkingLabel : Texts.continueLabel}
        </button>
      </form>
    </div>
  );
}

/** Where /login comes back to: this page, with the plugin's code when it is one. */
function returnHere(code: string | null): string {
  return loginReturningTo(code ? `/activate?user_code=${shown(code)}` : '/activate');
}

/** True when this browser has a session; otherwise forgets what is left of an old one. */
function signedInHere(): boolean {
  if (hasStoredSession(localStorage) || hasSignedInHint()) return true;
  forgetLocalSession();
  return false;
}

export default withErrorBoundary(ActivatePage);
