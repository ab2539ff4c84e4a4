/**
 * A console failure in words: the message, with "Sign in again" when the console needs a fresh
 * sign-in and Retry when trying again can help. `role="alert"` so it is announced.
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
