/** The About page's Get in Touch form (DESIGN §3.4): bot-checked, rate-limited, stored, e-mailed. */
import { Hono } from 'hono';
import { contactSchema, type MessageResponse } from '../../src/contract/auth';
import { ErrorCode, Messages, SuccessMessages } from '../../src/contract/errors';
import { ApiError } from '../lib/errors';
import { methodNotAllowed } from '../lib/http';
import { jsonBody } from '../lib/validate';
import { ipOf, nowOf, type AccountEnv } from '../middleware/auth';
import { storeContactMessage } from '../services/contact';
import { contactMail } from '../services/mail-templates';
import { enforceRateLimit } from '../services/rate-limit';

export const contactRoutes = new Hono<AccountEnv>()
  .post('/contact', jsonBody(contactSchema), async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const now = nowOf(c);
    const ip = ipOf(c);
    if (!(await c.get('botCheck').verify(body.recaptchaToken, 'contact', ip))) {
      throw new ApiError(403, ErrorCode.BOT_CHECK_FAILED, Messages.botCheckFailed);
    }
    await enforceRateLimit(db, 'contactPerIp', ip ?? 'unknown', now);
    const input = { ...body, ip, userAgent: c.req.header('User-Agent') ?? null };
    const id = await storeContactMessage(db, input, now);
    try {
      await c.get('mailer').send(contactMail(id, body.name, body.email, body.message));
    } catch (error) {
      // The message is stored, so support still gets it; the visitor need not resend.
      console.error(`Could not e-mail contact message ${id} to support:`, error);
    }
    return c.json({ message: SuccessMessages.contactSent } satisfies MessageResponse, 200);
  })
  .all('/contact', methodNotAllowed('POST'));
