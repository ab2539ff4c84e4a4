/**
 * Two-step sign-in with an authenticator app, managed in Account Settings (services/accounts/
 * two-step.ts), and confirming it is you before a step-up action (GET /api/verify-identity names
 * the proofs that count, POST takes a code or the password). Every route needs a session;
 * cookie writes need our Origin. Declared in src/contract/api/two-step-routes.ts.
 */
import {
  confirmTwoStepRoute,
  identityProofMethodsRoute,
  newRecoveryCodesRoute,
  turnOffTwoStepRoute,
  twoStepSetupRoute,
  twoStepStatusRoute,
  verifyIdentityRoute,
} from '../../src/contract/api/two-step-routes';
import { SuccessMessages } from '../../src/contract/messages';
import type {
  IdentityProofMethods,
  RecoveryCodesResponse,
  TwoStepSetup,
  TwoStepStatus,
} from '../../src/contract/two-step';
import type { MessageResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import { requireSession, type AccountEnv } from '../middleware/auth';
import {
  confirmTwoStep,
  identityProofMethods,
  regenerateRecoveryCodes,
  startTwoStepSetup,
  turnOffTwoStep,
  twoStepStatus,
  verifyIdentity,
} from '../services/accounts/two-step';

export const twoStepRoutes = declaredRoutes<AccountEnv>()
  .openapi({ ...twoStepStatusRoute, middleware: requireSession }, async (c) =>
    c.json(
      (await twoStepStatus(c.get('deps'), c.get('session').userId)) satisfies TwoStepStatus,
      200,
    ),
  )

  .openapi({ ...twoStepSetupRoute, middleware: requireSession }, async (c) => {
    const setup = await startTwoStepSetup(c.get('deps'), c.get('session'));
    // The secret is shown once: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    return c.json(setup satisfies TwoStepSetup, 200);
  })

  .openapi({ ...confirmTwoStepRoute, middleware: requireSession }, async (c) => {
    const { code } = c.req.valid('json');
    const recoveryCodes = await confirmTwoStep(c.get('deps'), c.get('session'), code);
    c.header('Cache-Control', 'no-store');
    return c.json({ recoveryCodes } satisfies RecoveryCodesResponse, 200);
  })

  .openapi({ ...newRecoveryCodesRoute, middleware: requireSession }, async (c) => {
    const { code } = c.req.valid('json');
    const recoveryCodes = await regenerateRecoveryCodes(c.get('deps'), c.get('session'), code);
    c.header('Cache-Control', 'no-store');
    return c.json({ recoveryCodes } satisfies RecoveryCodesResponse, 200);
  })

  .openapi({ ...turnOffTwoStepRoute, middleware: requireSession }, async (c) => {
    await turnOffTwoStep(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.twoStepOff } satisfies MessageResponse, 200);
  })

  // The proofs a step-up takes from this person (ConfirmIdentity asks for these).
  .openapi({ ...identityProofMethodsRoute, middleware: requireSession }, async (c) =>
    c.json(
      (await identityProofMethods(c.get('deps'), c.get('session'))) satisfies IdentityProofMethods,
      200,
    ),
  )

  .openapi({ ...verifyIdentityRoute, middleware: requireSession }, async (c) => {
    await verifyIdentity(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.identityConfirmed } satisfies MessageResponse, 200);
  });
