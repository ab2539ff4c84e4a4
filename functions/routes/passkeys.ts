/**
 * Passkeys (services/accounts/passkeys.ts): adding, naming and removing them in Account Settings,
 * signing in with one on /login, and confirming it is you with one. Each ceremony is an options
 * call and a verify call. Everything but the sign-in needs a session; cookie writes need our
 * Origin (middleware/auth.ts). Declared in src/contract/api/passkey-routes.ts.
 */
import {
  addPasskeyRoute,
  confirmOptionsRoute,
  confirmWithPasskeyRoute,
  listPasskeysRoute,
  registrationOptionsRoute,
  removePasskeyRoute,
  renamePasskeyRoute,
  signInOptionsRoute,
  signInWithPasskeyRoute,
} from '../../src/contract/api/passkey-routes';
import { SuccessMessages } from '../../src/contract/messages';
import type {
  Passkey,
  PasskeyList,
  PasskeyOptions,
  RegistrationOptions,
} from '../../src/contract/passkeys';
import type { AuthResponse, MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, setSessionCookie, type AccountEnv } from '../middleware/auth';
import {
  addPasskey,
  confirmOptions,
  confirmWithPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  signInWithPasskey,
} from '../services/accounts/passkeys';

export const passkeyRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...listPasskeysRoute, middleware: requireSession }, async (c) =>
    c.json((await listPasskeys(c.get('deps'), c.get('session').userId)) satisfies PasskeyList, 200),
  )

  .openapi({ ...registrationOptionsRoute, middleware: requireSession }, async (c) =>
    c.json(
      (await registrationOptions(c.get('deps'), c.get('session'))) satisfies RegistrationOptions,
      200,
    ),
  )

  .openapi({ ...addPasskeyRoute, middleware: requireSession }, async (c) =>
    c.json(
      (await addPasskey(c.get('deps'), c.get('session'), c.req.valid('json'))) satisfies Passkey,
      200,
    ),
  )

  // Signing in: no session yet. The answer is the password login's (cookie and AuthResponse);
  // rememberKnownBrowser (app.ts) marks this browser as known, as for every sign-in.
  .openapi(signInOptionsRoute, async (c) =>
    c.json((await signInOptions(c.get('deps'))) satisfies PasskeyOptions, 200),
  )

  .openapi(signInWithPasskeyRoute, async (c) => {
    const deps = c.get('deps');
    const auth = await signInWithPasskey(deps, c.req.valid('json'));
    setSessionCookie(c, auth.token, auth.tokenExpiration, deps.now);
    return c.json(auth satisfies AuthResponse, 200);
  })

  .openapi({ ...confirmOptionsRoute, middleware: requireSession }, async (c) =>
    c.json((await confirmOptions(c.get('deps'), c.get('session'))) satisfies PasskeyOptions, 200),
  )

  .openapi({ ...confirmWithPasskeyRoute, middleware: requireSession }, async (c) => {
    await confirmWithPasskey(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.identityConfirmed } satisfies MessageResponse, 200);
  })

  .openapi({ ...renamePasskeyRoute, middleware: requireSession }, async (c) => {
    const { name } = c.req.valid('json');
    const renamed = await renamePasskey(
      c.get('deps'),
      c.get('session').userId,
      c.req.valid('param').id,
      name,
    );
    return c.json(renamed satisfies Passkey, 200);
  })
  .openapi({ ...removePasskeyRoute, middleware: requireSession }, async (c) => {
    await removePasskey(c.get('deps'), c.get('session'), c.req.valid('param').id);
    return c.json({ message: SuccessMessages.passkeyRemoved } satisfies MessageResponse, 200);
  });
