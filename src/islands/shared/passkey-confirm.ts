/**
 * "Confirm it is you" with a passkey, for a dialog that wants a recent proof before an action:
 * POST /api/passkeys/confirm/options, the browser's prompt for one of the account's passkeys, then
 * POST /api/passkeys/confirm/verify, after which the session counts as just verified with a second
 * factor. Throws ApiFailure on any failure (show it with `messageFor`); the account having no
 * passkey is 404 PASSKEY_NOT_FOUND.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { Messages } from '../../contract/messages';
import { apiCall } from './api';
import { runCeremony } from './webauthn';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';
import { isPasskeyOptionsAnswer } from '../../generated/answers/PasskeyOptionsAnswer';

export async function confirmWithPasskey(): Promise<void> {
  const { challengeId, options } = await apiCall(
    'POST',
    '/api/passkeys/confirm/options',
    isPasskeyOptionsAnswer,
    {},
  );
  const response = await runCeremony(
    ({ startAuthentication }) =>
      startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
    Messages.passkeyNotUsed,
  );
  await apiCall('POST', '/api/passkeys/confirm/verify', isMessageAnswer, {
    challengeId,
    response,
  });
}
