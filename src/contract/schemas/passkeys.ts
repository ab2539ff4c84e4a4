/**
 * Request bodies of passkeys (routes/passkeys.ts), validated by the Worker. A browser's WebAuthn
 * answer is checked here for its outline only (known fields, base64url strings of sane length);
 * what it proves is for @simplewebauthn/server to verify.
 */
import { z } from 'zod';
import { plainName } from './names';
import { lazySchema } from './lazy';

/** A passkey's name is shown in Account Settings and written into an e-mail: one plain line. */
export const passkeyNameMaxLength = 60;
export const passkeyName = lazySchema(() =>
  plainName(
    z
      .string()
      .trim()
      .min(1, 'Name the passkey.')
      .max(passkeyNameMaxLength, `A passkey name has at most ${passkeyNameMaxLength} characters.`),
  ),
);

/** A base64url value of a WebAuthn answer; 16 KiB is far above any real one. */
const base64url = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]+$/),
);

/** The id of the ceremony's challenge, as POST …/options answered it. */
const challengeId = lazySchema(() => z.string().min(1).max(100));

const clientExtensionResults = lazySchema(() => z.record(z.string(), z.unknown()));
const attachment = lazySchema(() => z.enum(['platform', 'cross-platform']).optional());

/** What `startRegistration` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const registrationResponse = lazySchema(() =>
  z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      authenticatorData: base64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: base64url.optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults,
  }),
);

/** What `startAuthentication` answers (AuthenticationResponseJSON). */
export const authenticationResponse = lazySchema(() =>
  z.object({
    id: base64url,
    rawId: base64url,
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
    authenticatorAttachment: attachment,
    clientExtensionResults,
  }),
);

/** POST /api/passkeys/register/verify: the new passkey, and the name its owner gave it. */
export const addPasskeySchema = lazySchema(() =>
  z.object({
    challengeId,
    name: passkeyName,
    response: registrationResponse,
  }),
);
export type AddPasskeyBody = z.infer<typeof addPasskeySchema>;

/** PATCH /api/passkeys/:id */
export const renamePasskeySchema = lazySchema(() => z.object({ name: passkeyName }));
export type RenamePasskeyBody = z.infer<typeof renamePasskeySchema>;

/** POST /api/passkeys/sign-in/verify and /api/passkeys/confirm/verify */
export const usePasskeySchema = lazySchema(() =>
  z.object({ challengeId, response: authenticationResponse }),
);
export type UsePasskeyBody = z.infer<typeof usePasskeySchema>;
