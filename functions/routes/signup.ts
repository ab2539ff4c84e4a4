/** Trial signup: send and check the e-mail code, register by e-mail or Google. */
import { Hono, type Context } from 'hono';
import { sendVerificationSchema, verifyCodeSchema } from '../../src/contract/schemas/auth';
import { SuccessMessages } from '../../src/contract/messages';
import type { SendVerificationResponse, VerifyCodeResponse } from '../../src/contract/signup';
import {
  registerEmailTrialSchema,
  registerGoogleTrialSchema,
} from '../../src/contract/schemas/register-plans';
import type { AuthResponse } from '../../src/contract/user';
import { jsonBody } from '../lib/validate';
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

export const signupRoutes = new Hono<AccountEnv>()
  .post('/send-verification-email', jsonBody(sendVerificationSchema), async (c) => {
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

  .post('/verify-email-code', jsonBody(verifyCodeSchema), async (c) => {
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

  .post('/register-email-trial', jsonBody(registerEmailTrialSchema), async (c) =>
    signedInResponse(c, await registerEmailTrial(c.get('deps'), c.req.valid('json'))),
  )

  .post('/register-google-trial', jsonBody(registerGoogleTrialSchema), async (c) =>
    signedInResponse(c, await registerGoogleTrial(c.get('deps'), c.req.valid('json'))),
  );
