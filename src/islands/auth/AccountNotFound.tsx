/** The Account Not Found screen: Google login for a profile with no linked account. */
import { Messages } from '../../contract/messages';

export function AccountNotFound({ onCancel }: { onCancel: () => void }) {
  return (
    <section className="notice-screen" aria-labelledby="account-not-found">
      <h1 id="account-not-found">Account Not Found</h1>
      <p role="alert">{Messages.googleUserNotFound}</p>
      <p>
        Sign up first: choose a plan on the pricing page, then sign up with the same Google account.
      </p>
      <div className="form-actions">
        <a className="button" href="/pricing">
          Go to Sign Up
        </a>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
