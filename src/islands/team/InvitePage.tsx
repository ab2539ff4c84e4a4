/**
 * /invite#token=…: the invitation e-mail's link. Shows who invited whom to which organization,
 * then joins: a signed-in account accepts (a running Standard subscription is confirmed first to
 * end at period end), a visitor with an account logs in here and accepts, a new visitor creates
 * the account by the link and lands on the dashboard. Refusals show the server's plain message.
 */
import { useEffect, useState } from 'react';
import { ErrorCode } from '../../contract/error-codes';
import { Messages, TeamMessages } from '../../contract/messages';
import type { InvitationPreview } from '../../contract/invitation';
import { withErrorBoundary } from '../ErrorBoundary';
import { ApiFailure, messageFor } from '../shared/api';
import {
  completeSignIn,
  forgetSession,
  remember,
  restoreSession,
  useAuth,
} from '../shared/auth-store';
import {
  acceptInvitation,
  loadPreview,
  logInAs,
  signUpByInvitation,
  tokenFromHash,
} from './invite-calls';
import { SignInToAcceptForm, SignupByLinkForm } from './InviteForms';
import { formatDate } from '../../lib/format';
import '../shared/forms.css';
import '../auth/auth.css';
import './team.css';

export const previewFailed = 'We could not open this invitation. Please try again.';
export const joinFailed = 'We could not accept the invitation. Please try again.';
export const sessionEnded = 'Your session has ended. Log in again to accept the invitation.';

type Screen =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; preview: InvitationPreview; token: string }
  /** A running Standard subscription: the customer confirms it ends at period end. */
  | { kind: 'confirm'; preview: InvitationPreview; token: string }
  | { kind: 'joined'; message: string };

/** The link itself is bad (410 INVITATION_INVALID): nothing on this page can help. */
const isGone = (failure: unknown) => failure instanceof ApiFailure && failure.status === 410;

function InvitePage() {
  const auth = useAuth();
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    restoreSession();
    const token = tokenFromHash(window.location.hash);
    if (!token) {
      // The fragment exists only in the browser, so this runs after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setScreen({ kind: 'refused', message: TeamMessages.invitationInvalid });
      return;
    }
    loadPreview(token).then(
      (preview) => setScreen({ kind: 'ready', preview, token }),
      (failure: unknown) =>
        setScreen({
          kind: 'refused',
          message: messageFor(failure, previewFailed, Messages.sendNetwork),
        }),
    );
  }, []);

  if (screen.kind === 'loading')
    return (
      <div className="card auth-card">
        <p role="status">Opening your invitation...</p>
      </div>
    );

  if (screen.kind === 'refused' || screen.kind === 'joined')
    return (
      <div className="card auth-card">
        <h1>{screen.kind === 'joined' ? 'You have joined' : 'Invitation'}</h1>
        <p className={screen.kind === 'joined' ? 'form-success' : 'form-error'} role="alert">
          {screen.message}
        </p>
        <a className="button button-block" href="/dashboard">
          Go to My Account
        </a>
      </div>
    );

  const { preview, token } = screen;

  /** Accepts as the signed-in account; a refusal is shown, CONFIRMATION_REQUIRED asks first. */
  const accept = async (confirmCancelStandard: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const message = await acceptInvitation(token, confirmCancelStandard);
      setScreen({ kind: 'joined', message });
    } catch (failure) {
      if (failure instanceof ApiFailure && failure.code === ErrorCode.CONFIRMATION_REQUIRED)
        setScreen({ kind: 'confirm', preview, token });
      else if (failure instanceof ApiFailure && failure.status === 401) {
        forgetSession();
        setError(sessionEnded);
      } else if (isGone(failure))
        setScreen({ kind: 'refused', message: messageFor(failure, joinFailed) });
      else setError(messageFor(failure, joinFailed, Messages.sendNetwork));
    } finally {
      setBusy(false);
    }
  };

  const logInAndAccept = async (password: string) => {
    setBusy(true);
    setError(null);
    try {
      const response = await logInAs(preview.email, password);
      remember(response.user, response.tokenExpiration);
    } catch (failure) {
      setBusy(false);
      return setError(messageFor(failure, Messages.loginDefault, Messages.sendNetwork));
    }
    await accept(false);
  };

  const signUp = async (values: { customerName: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      completeSignIn(await signUpByInvitation(token, values));
    } catch (failure) {
      setBusy(false);
      if (isGone(failure)) setScreen({ kind: 'refused', message: messageFor(failure, joinFailed) });
      else setError(messageFor(failure, joinFailed, Messages.sendNetwork));
    }
  };

  return (
    <div className="card auth-card">
      <h1>
        {preview.inviterName} invited you to {preview.organizationName}
      </h1>
      <p className="auth-lead">
        Join the team to get an Enterprise license. The invitation is for{' '}
        <strong>{preview.email}</strong> and is valid until {formatDate(preview.expiresAt)}.
      </p>
      {screen.kind === 'confirm' ? (
        <ConfirmStandard busy={busy} error={error} onConfirm={() => void accept(true)} />
      ) : auth.user ? (
        <>
          <p className="invite-who">Signed in as {auth.user.email}.</p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className="button button-block"
            aria-disabled={busy}
            onClick={() => !busy && void accept(false)}
          >
            {busy ? 'Joining...' : 'Accept invitation'}
          </button>
        </>
      ) : preview.hasAccount ? (
        <>
          <p className="invite-who">This address has an account: log in to accept.</p>
          <SignInToAcceptForm
            email={preview.email}
            busy={busy}
            error={error}
            onError={setError}
            onSubmit={(password) => void logInAndAccept(password)}
          />
        </>
      ) : (
        <>
          <p className="invite-who">Create your account to accept.</p>
          <SignupByLinkForm
            email={preview.email}
            busy={busy}
            error={error}
            onError={setError}
            onSubmit={(values) => void signUp(values)}
          />
        </>
      )}
    </div>
  );
}

function ConfirmStandard(props: { busy: boolean; error: string | null; onConfirm: () => void }) {
  return (
    <div className="invite-confirm">
      <p className="form-info" role="alert">
        {TeamMessages.standardRunning} See the <a href="/refund-policy">refund policy</a>.
      </p>
      {props.error && (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      )}
      <div className="team-row-actions">
        <a className="button button-secondary" href="/dashboard">
          Not now
        </a>
        <button
          type="button"
          className="button button-danger"
          aria-disabled={props.busy}
          onClick={() => !props.busy && props.onConfirm()}
        >
          {props.busy ? 'Joining...' : 'Cancel my subscription at period end and join'}
        </button>
      </div>
    </div>
  );
}

export default withErrorBoundary(InvitePage);
