/** The signup error screens, each replacing the form with its own buttons. */
import { Messages } from '../../contract/messages';
import type { SignupScreen } from './outcomes';

interface Props {
  screen: SignupScreen;
  /** 'Use a Different Email' / 'Try Different Email': back to the form with the e-mail cleared. */
  onDifferentEmail: () => void;
}

export function ErrorScreen({ screen, onDifferentEmail }: Props) {
  if (screen.kind === 'existing') {
    return (
      <section className="notice-screen" aria-labelledby="signup-screen-title">
        <h2 id="signup-screen-title">Existing Account</h2>
        <p role="alert">{screen.message}</p>
        {screen.upgrade ? (
          <p>You can manage your subscription from your dashboard after you log in.</p>
        ) : (
          <p>Log in with this e-mail address, or sign up with a different one.</p>
        )}
        <div className="form-actions">
          <a className="button" href="/login">
            Go to Login Page
          </a>
          {screen.upgrade ? (
            <a className="button button-secondary" href="/pricing">
              Cancel
            </a>
          ) : (
            <button type="button" className="button button-secondary" onClick={onDifferentEmail}>
              Use a Different Email
            </button>
          )}
        </div>
      </section>
    );
  }
  if (screen.kind === 'tooMany') {
    return (
      <section className="notice-screen" aria-labelledby="signup-screen-title">
        <h2 id="signup-screen-title">Too Many Attempts</h2>
        {screen.message && <p role="alert">{screen.message}</p>}
        <p>{Messages.tooManyAttemptsText}</p>
        <div className="form-actions">
          <a className="button" href="/pricing">
            Back to Pricing
          </a>
          <button type="button" className="button button-secondary" onClick={onDifferentEmail}>
            Try Different Email
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="notice-screen" aria-labelledby="signup-screen-title">
      <h2 id="signup-screen-title">Trial Already Claimed</h2>
      <p role="alert">{screen.message}</p>
      <p>
        The free trial is limited to one per device or account. Choose a plan to keep using the
        plugin, or log in to the account that already has it.
      </p>
      <div className="form-actions">
        <a className="button" href="/pricing">
          View Pricing Plans
        </a>
        <a className="button button-secondary" href="/login">
          Login to Existing Account
        </a>
      </div>
    </section>
  );
}
