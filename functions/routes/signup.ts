/**
 * Trial signup: send and check the e-mail code, register by e-mail or Google (declared in
 * src/contract/api/signup-routes.ts).
 */
import type { Context } from 'hono';
import {
  registerEmailTrialRoute,
  registerGoogleTrialRoute,
  sendVerificationRoute,
  verifyCodeRoute,
} from '../../src/contract/api/signup-routes';
import { SuccessMessages } from '../../src/contract/messages';
import type { SendVerificationResponse, VerifyCodeResponse } from '../../src/contract/signup';
import type { AuthResponse } from '../../src/contract/user';
import { declaredRoutes } from '../lib/openapi';
import { setSessionCookie, type AccountEnv } from '../middleware/auth';
import {
  registerEmailTrial,
  registerGoogleTrial,
  sendVerificationCode,
  type SignedIn,
} from '../services/signup/trial-signup';
import { checkCode } from '../services/signup/verification';

/** Signs the new account in: cookie for the site, token in the body for API clients. */
function signedInResponse(c: Context<AccountEnv>, { response }: SignedIn) {
  setSessionCookie(c, response.token, response.tokenExpiration, c.get('deps').now);
  return c.json(response satisfies AuthResponse, 200);
}

export const signupRoutes = declaredRoutes<AccountEnv>()
  .openapi(sendVerificationRoute, async (c) => {
    const issued = await sendVerificationCode(c.get('deps'), c.req.valid('json'));
    return c.json(
      {
        message: SuccessMessages.codeSent,
        attempt: issued.attempt,
        expiresIn: issued.expiresInSeconds,
      } satisfies SendVerificationResponse,
      200,
    );
  })

  .openapi(verifyCodeRoute, async (c) => {
    const formData = await checkCode(c.get('deps'), c.req.valid('json'));
    return c.json(
      {
        verified: true,
        formData,
        message: SuccessMessages.emailVerified,
      } satisfies VerifyCodeResponse,
      200,
    );
  })

  .openapi(registerEmailTrialRoute, async (c) =>
    signedInResponse(c, await registerEmailTrial(c.get('deps'), c.req.valid('json'))),
  )

  .openapi(registerGoogleTrialRoute, async (c) =>
    signedInResponse(c, await registerGoogleTrial(c.get('deps'), c.req.valid('json'))),
  );
