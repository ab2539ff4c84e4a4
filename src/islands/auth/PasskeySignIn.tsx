/**
 * "Sign in with a passkey" on /login: a button, and the browser's autofill of the e-mail field
 * (its `autocomplete` ends in `webauthn`). Both load their code and @simplewebauthn/browser only
 * when used (passkey-sign-in.ts): the autofill waits for the field's first focus, so the page
 * itself loads none of it (budgets: docs/performance.md).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { Messages } from '../../contract/messages';
import type { AuthResponse } from '../../contract/user';
import { returnPath } from '../../lib/auth/return-path';
import { completeSignIn, setAuthError } from '../shared/auth-store';

const load = () => import('./passkey-sign-in');

function finish(response: AuthResponse | null) {
  if (response)
    completeSignIn(response, returnPath(new URLSearchParams(window.location.search).get('next')));
}

/** Only a browser with WebAuthn shows the button; the server renders none. */
const hasWebAuthn = () => typeof window.PublicKeyCredential === 'function';
const noChange = () => () => {};

export function PasskeySignIn({ disabled }: { disabled: boolean }) {
  const supported = useSyncExternalStore(noChange, hasWebAuthn, () => false);

  useEffect(() => {
    if (!supported) return;
    let waiting = false;
    const onFocus = (event: FocusEvent) => {
      const field = event.target;
      if (
        waiting ||
        !(field instanceof HTMLInputElement) ||
        !/\bwebauthn$/.test(field.autocomplete)
      )
        return;
      waiting = true;
      // An autofill that ends without a pick (the button took over, the page left) says nothing;
      // once it has ended, the field's next focus offers the passkeys again.
      load()
        .then(({ passkeyAutofill }) => passkeyAutofill())
        .then(finish, () => undefined)
        .finally(() => (waiting = false));
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [supported]);

  if (!supported) return null;
  return (
    <button
      type="button"
      className="button button-secondary button-block"
      aria-disabled={disabled}
      onClick={() => {
        if (disabled) return;
        load()
          .then(({ passkeyButton }) => passkeyButton())
          .then(finish, () => setAuthError({ message: Messages.sendNetwork, code: null }));
      }}
    >
      Sign in with a passkey
    </button>
  );
}
