/**
 * A console failure in words: the message, with "Sign in again" when the console needs a fresh
 * sign-in, the steps to a second factor when the session has none, and Retry when trying again
 * can help. `role="alert"` so it is announced.
 */
import { signInAgain, signInAgainHref, type Problem } from './console-api';

interface Props {
  problem: Problem;
  /** Shown as a Retry button for failures that trying again may fix. */
  onRetry?: (() => void) | undefined;
}

export function ConsoleAlert({ problem, onRetry }: Props) {
  const retry = onRetry && (problem.kind === 'network' || problem.kind === 'other');
  return (
    <div className="console-alert">
      <p className="form-error" role="alert">
        {problem.message} {problem.kind === 'signin' && <SignInAgainLink />}
      </p>
      {problem.kind === 'second-factor' && <SecondFactorSteps />}
      {retry && (
        <button type="button" className="button button-secondary" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** A link to /login that first ends this browser's session (see signInAgain). */
export function SignInAgainLink() {
  return (
    <a
      // Shown only after a call failed, so in the browser; the server render keeps plain /login.
      href={typeof window === 'undefined' ? '/login' : signInAgainHref()}
      onClick={(event) => {
        event.preventDefault();
        void signInAgain();
      }}
    >
      Sign in again
    </a>
  );
}

/**
 * How an operator gets a second factor: add a passkey or an authenticator app in Account
 * Settings, then sign in again with it (a password alone never opens the console).
 */
export function SecondFactorSteps() {
  return (
    <ol className="console-steps">
      <li>
        Open <a href="/dashboard/settings">Account Settings</a> and add a passkey, or set up an
        authenticator app under Two-Step Sign-In.
      </li>
      <li>
        Come back here. If you added a passkey, <SignInAgainLink /> with it first.
      </li>
    </ol>
  );
}
