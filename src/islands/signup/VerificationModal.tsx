/**
 * E-mail verification (docs/product-rules.md, "Sign-up and verification codes"): a 6-digit code
 * input, a 600 s countdown ('Code expired' at 0, Verify disabled), Resend Code after 30 s and
 * then 30 + (attempt − 1)·60 s, and Cancel and Start Over. Content mounts only while open, so
 * each opening starts fresh timers.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import {
  canVerify,
  formatClock,
  sanitizeCode,
  secondsLeft,
  timersAfterResend,
  timersOnOpen,
  type CodeTimers,
} from '../../lib/auth/countdown';
import { limits } from '../../site.config';
import { BotCheck } from '../shared/BotCheck';
import type { BotCheckController } from '../shared/bot-check';
import { Modal } from '../shared/Modal';

export type ResendResult = { attempt: number; expiresIn: number } | { error: string };

interface Props {
  open: boolean;
  email: string;
  /** Seconds the first code is valid, from the send answer. */
  expiresIn: number;
  /** Resolves to an error message, or null when the code was accepted. */
  onVerify: (code: string) => Promise<string | null>;
  /** Sends a new code with a fresh bot-check token; null when the check was not ready. */
  onResend: (token: string) => Promise<ResendResult>;
  /** 'Cancel and Start Over': reset the form and the modal. */
  onCancel: () => void;
  /** Escape: close the modal and keep the form. */
  onDismiss: () => void;
}

export function VerificationModal({ open, onCancel, onDismiss, ...rest }: Props) {
  return (
    <Modal open={open} onClose={onDismiss} title="Verify Your Email" className="verify-modal">
      {open && <VerificationContent onCancel={onCancel} {...rest} />}
    </Modal>
  );
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function VerificationContent({
  email,
  expiresIn,
  onVerify,
  onResend,
  onCancel,
}: Omit<Props, 'open' | 'onDismiss'>) {
  const id = useId();
  const now = useNow();
  const [timers, setTimers] = useState<CodeTimers>(() => timersOnOpen(Date.now(), expiresIn));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const bot = useRef<BotCheckController | null>(null);

  const codeLeft = secondsLeft(timers.codeDeadline, now);
  const resendLeft = secondsLeft(timers.resendDeadline, now);
  const verifiable = canVerify(code, codeLeft) && busy === null;
  const errorId = error ? `${id}-error` : undefined;

  const verify = async () => {
    if (!/^\d{6}$/.test(code)) return setError(Messages.codeFormat);
    if (!verifiable) return;
    setBusy('verify');
    setNote(null);
    const problem = await onVerify(code);
    setBusy(null);
    if (problem) setError(problem);
  };

  const resend = async () => {
    setError(null);
    setNote(null);
    const token = await bot.current?.takeToken();
    if (!token) return setError(Messages.recaptchaNotReady);
    setBusy('resend');
    const result = await onResend(token);
    setBusy(null);
    if ('error' in result) return setError(result.error);
    setTimers(timersAfterResend(Date.now(), result.attempt, result.expiresIn));
    setCode('');
    setNote(Messages.resendSuccess);
  };

  return (
    <form
      className="account-form verify-form"
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void verify();
      }}
    >
      <p>
        We sent a 6-digit code to <strong>{email}</strong>. Enter it below to confirm your e-mail
        address.
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>Verification code</label>
        <input
          id={`${id}-code`}
          className="code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={limits.codeLength}
          value={code}
          onChange={(event) => {
            setCode(sanitizeCode(event.target.value));
            setError(null);
          }}
          onBlur={() =>
            code.length > 0 && code.length < limits.codeLength && setError(Messages.codeFormat)
          }
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, `${id}-timer`].filter(Boolean).join(' ')}
        />
      </div>
      <p
        id={`${id}-timer`}
        className={codeLeft > 0 ? 'verify-timer' : 'verify-timer expired'}
        role="timer"
      >
        {codeLeft > 0 ? `Code expires in ${formatClock(codeLeft)}` : Messages.codeExpired}
      </p>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      {note && (
        <p className="form-success" role="status">
          {note}
        </p>
      )}
      <button type="submit" className="button button-block" disabled={!verifiable}>
        {busy === 'verify' ? 'Verifying...' : 'Verify Email'}
      </button>
      <div className="verify-resend">
        <p className="field-hint">
          Didn&apos;t get the code? Check your spam folder, or request a new one.
        </p>
        <BotCheck action="resend_verification" controllerRef={bot} />
        <button
          type="button"
          className="button button-secondary"
          disabled={resendLeft > 0 || busy !== null}
          onClick={() => void resend()}
          aria-describedby={`${id}-cooldown`}
        >
          {busy === 'resend' ? 'Sending...' : 'Resend Code'}
        </button>
        <p id={`${id}-cooldown`} className="field-hint">
          {resendLeft > 0
            ? `You can request a new code in ${formatClock(resendLeft)}.`
            : 'You can request a new code now.'}
        </p>
      </div>
      <button type="button" className="button-link verify-cancel" onClick={onCancel}>
        Cancel and Start Over
      </button>
    </form>
  );
}
