/** Trial signup (SPEC §4, §7): send and check the e-mail code, register by e-mail or Google. */
import { Hono, type Context } from 'hono';
import {
  registerEmailSchema,
  registerGoogleSchema,
  sendVerificationSchema,
  verifyCodeSchema,
  type SendVerificationResponse,
  type VerifyCodeResponse,
} from '../../src/contract/auth';
import { ErrorCode, Messages, SuccessMessages } from '../../src/contract/errors';
import type { AuthResponse } from '../../src/contract/user';
import type { MailMessage } from '../adapters/types';
import { ApiError } from '../lib/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { clientOf, ipOf, nowOf, setSessionCookie, type AccountEnv } from '../middleware/auth';
import type { SignedIn } from '../services/accounts';
import { normalizeEmail } from '../services/emails';
import { verificationCodeMail, welcomeMail } from '../services/mail-templates';
import { enforceRateLimit } from '../services/rate-limit';
import { registerEmailTrial, registerGoogleTrial, startVerification } from '../services/signup';
import { verifyGoogleToken } from '../services/google-tokens';
import { checkCode } from '../services/verification';

/** These routes register trials only; the standard plan has its own (payments issue). */
const trialOnly = { error: 'This endpoint registers free trials only.' };
const registerEmailTrialSchema = registerEmailSchema.refine((b) => b.plan === 'trial', trialOnly);
const registerGoogleTrialSchema = registerGoogleSchema.refine((b) => b.plan === 'trial', trialOnly);

/** 403 BOT_CHECK_FAILED: the bot check fails closed (DESIGN §4). */
function botCheckFailed(): ApiError {
  return new ApiError(403, ErrorCode.BOT_CHECK_FAILED, Messages.botCheckFailed);
}

/** Signs the new account in: cookie for the site, token in the body for API clients. */
function signedInResponse(c: Context<AccountEnv>, signedIn: SignedIn, now: number) {
  const { response } = signedIn;
  setSessionCookie(c, response.token, response.tokenExpiration, now);
  return c.json(response satisfies AuthResponse, 200);
}

/**
 * The welcome e-mail after signup. The account already exists, so a mail failure must not fail
 * the signup: it is logged, and the key is on the dashboard anyway.
 */
async function sendWelcome(c: Context<AccountEnv>, { user, license }: SignedIn) {
  const origin = new URL(c.req.url).origin;
  await sendOrLog(c, welcomeMail(user.email, user.customerName, license, origin));
}

async function sendOrLog(c: Context<AccountEnv>, message: MailMessage) {
  try {
    await c.get('mailer').send(message);
  } catch (error) {
    console.error(`Could not send the ${message.tag} e-mail:`, error);
  }
}

export const signupRoutes = new Hono<AccountEnv>()
  .post('/send-verification-email', jsonBody(sendVerificationSchema), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const now = nowOf(c);
    const ip = ipOf(c);
    const action = body.resend ? 'resend_verification' : 'signup';
    // Bot check first: nothing else (not even the rate counters) is touched for a bot.
    if (!(await c.get('botCheck').verify(body.recaptchaToken, action, ip))) throw botCheckFailed();
    await enforceRateLimit(db, 'sendCodePerIp', ip ?? 'unknown', now);
    await enforceRateLimit(db, 'sendCodePerEmail', normalizeEmail(body.email), now);

    const issued = await startVerification(db, c.get('config').JWT_SECRET, body, now);
    try {
      await c.get('mailer').send(verificationCodeMail(body.email, body.customerName, issued.code));
    } catch (error) {
      console.error('Could not send the verification code:', error);
      throw new ApiError(502, ErrorCode.EMAIL_DELIVERY_FAILED, Messages.sendFailed);
    }
    return c.json(
      {
        message: SuccessMessages.codeSent,
        attempt: issued.attempt,
        expiresIn: issued.expiresInSeconds,
      } satisfies SendVerificationResponse,
      200,
    );
  })
  .all('/send-verification-email', methodNotAllowed('POST'))

  .post('/verify-email-code', jsonBody(verifyCodeSchema), async (c) => {
    const { email, code } = c.req.valid('json');
    const formData = await checkCode(
      c.get('db'),
      c.get('config').JWT_SECRET,
      email,
      code,
      nowOf(c),
    );
    return c.json(
      {
        verified: true,
        formData,
        message: SuccessMessages.emailVerified,
      } satisfies VerifyCodeResponse,
      200,
    );
  })
  .all('/verify-email-code', methodNotAllowed('POST'))

  .post('/register-email-trial', jsonBody(registerEmailTrialSchema), async (c) => {
    const now = nowOf(c);
    const { JWT_SECRET, PASSWORD_PEPPER } = c.get('config');
    const signedIn = await registerEmailTrial(
      c.get('db'),
      { jwtSecret: JWT_SECRET, pepper: PASSWORD_PEPPER },
      c.req.valid('json'),
      clientOf(c),
      now,
    );
    await sendWelcome(c, signedIn);
    return signedInResponse(c, signedIn, now);
  })
  .all('/register-email-trial', methodNotAllowed('POST'))

  .post('/register-google-trial', jsonBody(registerGoogleTrialSchema), async (c) => {
    const now = nowOf(c);
    const body = c.req.valid('json');
    const profile = await verifyGoogleToken(c.get('google'), body.googleToken);
    const signedIn = await registerGoogleTrial(
      c.get('db'),
      c.get('config').JWT_SECRET,
      profile,
      body.googleToken,
      body.fingerprintId,
      clientOf(c),
      now,
    );
    await sendWelcome(c, signedIn);
    return signedInResponse(c, signedIn, now);
  })
  .all('/register-google-trial', methodNotAllowed('POST'));
