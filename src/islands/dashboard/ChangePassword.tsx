/**
 * Account Settings' Password card. Few visits change the password, so the form, its checks and
 * its calls (PasswordForm.tsx) load when "Change Password" (or, for an account that signs in with
 * Google only, "Set Password") is pressed: from when the button is pointed at or focused, so they
 * are usually there by the press. Cancel closes the form; a change made closes it with the
 * server's message.
 */
import { useState } from 'react';
import { type User } from '../../contract/user';
import { lazyPart, preloadOnApproach, useFocusBack } from '../shared/lazy-part';

const PasswordForm = lazyPart(async () => (await import('./PasswordForm')).PasswordForm);

export function ChangePassword({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The form is gone after Cancel or a change: focus goes back to the button that opened it.
  const [opener, focusOpener] = useFocusBack(open);
  const first = user.authProvider === 'google';

  const close = (message: string | null) => {
    focusOpener();
    setDone(message);
    setOpen(false);
  };

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p>
        {first
          ? 'Your account signs in with Google. Set a password to also log in with your e-mail address.'
          : 'A new password signs out every other browser, and we e-mail you about the change.'}
      </p>
      {open ? (
        <PasswordForm first={first} onDone={close} onCancel={() => close(null)} />
      ) : (
        <>
          {done && (
            <p className="form-success" role="status">
              {done}
            </p>
          )}
          <div className="form-actions">
            <button
              ref={opener}
              type="button"
              className="button button-secondary"
              {...preloadOnApproach(PasswordForm)}
              onClick={() => {
                setDone(null);
                setOpen(true);
              }}
            >
              {first ? 'Set Password' : 'Change Password'}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
