/**
 * Signing in with a passkey on /login (POST /api/passkeys/sign-in/options, then …/verify). Loaded
 * on first use (PasskeySignIn.tsx): the e-mail field's focus (the browser's autofill) or the
 * button. The passkey names its account, so no e-mail is asked; the answer is a password login's.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { Messages } from '../../contract/messages';
import { type AuthResponse } from '../../contract/user';
import { apiCall } from '../shared/api';
import { runAuthCall } from '../shared/run-auth-call';
import { loadWebAuthn, runCeremony } from '../shared/webauthn';
import { isPasskeyOptionsAnswer } from '../../generated/answers/PasskeyOptionsAnswer';
import { isSessionAnswer } from '../../generated/answers/SessionAnswer';

const options = () =>
  apiCall('POST', '/api/passkeys/sign-in/options', isPasskeyOptionsAnswer, {}).then(
    ({ challengeId, options: json }) => ({
      challengeId,
      optionsJSON: json as PublicKeyCredentialRequestOptionsJSON,
    }),
  );

const verify = (challengeId: string, response: unknown) =>
  apiCall('POST', '/api/passkeys/sign-in/verify', isSessionAnswer, { challengeId, response });

/**
 * The browser's autofill (conditional UI): the e-mail field's suggestions list this site's
 * passkeys; picking one signs in. Resolves null when the browser has no such list, and rejects
 * when the wait ends without a pick (the button started its own ceremony, the page left): the
 * caller stays silent then. A refusal of the picked passkey is the auth store's error.
 */
export async function passkeyAutofill(): Promise<AuthResponse | null> {
  const { browserSupportsWebAuthnAutofill, startAuthentication } = await loadWebAuthn();
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  const { challengeId, optionsJSON } = await options();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
  return (
    (await runAuthCall(() => verify(challengeId, response), Messages.passkeySignInFailed)) ?? null
  );
}

/** The button: the browser's passkey prompt; null when it failed (the auth store holds why). */
export async function passkeyButton(): Promise<AuthResponse | null> {
  const answer = await runAuthCall(async () => {
    const { challengeId, optionsJSON } = await options();
    const response = await runCeremony(
      ({ startAuthentication }) => startAuthentication({ optionsJSON }),
      Messages.passkeyCancelled,
    );
    return verify(challengeId, response);
  }, Messages.passkeySignInFailed);
  return answer ?? null;
}
