/**
 * Two-step sign-in with an authenticator app, managed in Account Settings (services/accounts/
 * two-step.ts), and confirming it is you before a step-up action (GET /api/verify-identity names
 * the proofs that count, POST takes a code or the password). Every route needs a session;
 * cookie writes need our Origin.
 */
import { Hono } from 'hono';
import { SuccessMessages } from '../../src/contract/messages';
import {
  confirmTwoStepSchema,
  identityProofSchema,
  newRecoveryCodesSchema,
} from '../../src/contract/schemas/two-step';
import type {
  IdentityProofMethods,
  RecoveryCodesResponse,
  TwoStepSetup,
  TwoStepStatus,
} from '../../src/contract/two-step';
import type { MessageResponse } from '../../src/contract/user';
import { jsonBody } from '../lib/validate';
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

export const twoStepRoutes = new Hono<AccountEnv>()
  .get('/two-step', requireSession, async (c) =>
    c.json(
      (await twoStepStatus(c.get('deps'), c.get('session').userId)) satisfies TwoStepStatus,
      200,
    ),
  )

  .post('/two-step/setup', requireSession, async (c) => {
    const setup = await startTwoStepSetup(c.get('deps'), c.get('session'));
    // The secret is shown once: no cache may keep it.
    c.header('Cache-Control', 'no-store');
    return c.json(setup satisfies TwoStepSetup, 200);
  })

  .post('/two-step/confirm', requireSession, jsonBody(confirmTwoStepSchema), async (c) => {
    const { code } = c.req.valid('json');
    const recoveryCodes = await confirmTwoStep(c.get('deps'), c.get('session'), code);
    c.header('Cache-Control', 'no-store');
    return c.json({ recoveryCodes } satisfies RecoveryCodesResponse, 200);
  })

  .post('/two-step/recovery-codes', requireSession, jsonBody(newRecoveryCodesSchema), async (c) => {
    const { code } = c.req.valid('json');
    const recoveryCodes = await regenerateRecoveryCodes(c.get('deps'), c.get('session'), code);
    c.header('Cache-Control', 'no-store');
    return c.json({ recoveryCodes } satisfies RecoveryCodesResponse, 200);
  })

  .post('/two-step/off', requireSession, jsonBody(identityProofSchema), async (c) => {
    await turnOffTwoStep(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.twoStepOff } satisfies MessageResponse, 200);
  })

  // The proofs a step-up takes from this person (ConfirmIdentity asks for these).
  .get('/verify-identity', requireSession, async (c) =>
    c.json(
      (await identityProofMethods(c.get('deps'), c.get('session'))) satisfies IdentityProofMethods,
      200,
    ),
  )

  .post('/verify-identity', requireSession, jsonBody(identityProofSchema), async (c) => {
    await verifyIdentity(c.get('deps'), c.get('session'), c.req.valid('json'));
    return c.json({ message: SuccessMessages.identityConfirmed } satisfies MessageResponse, 200);
  });
