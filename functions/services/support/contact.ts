/** The About page's Get in Touch form: bot-checked, rate-limited, stored, e-mailed. */
import type { ContactBody } from '../../../src/contract/schemas/auth';
import { contactMessages } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { contactMail } from '../core/mail/templates';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { enforceRateLimit } from '../shared/rate-limit';

/**
 * Stores the message and, in the same batch, its e-mail to support (quoting its id), which the
 * task queue delivers.
 */
export async function sendContactMessage(deps: Deps, body: ContactBody): Promise<void> {
  const { db, now, client } = deps;
  if (!(await deps.botCheck.verify(body.recaptchaToken, 'contact', client.ip))) {
    throw fail('BOT_CHECK_FAILED');
  }
  await enforceRateLimit(deps, 'contactPerIp', client.ip);
  const id = crypto.randomUUID();
  const mail = queueMail(db, contactMail(id, body.name, body.email, body.message), now);
  const store = db.insert(contactMessages).values({
    id,
    name: body.name,
    email: body.email,
    emailNormalized: normalizeEmail(body.email),
    message: body.message,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });
  await db.batch([store, mail.insert]);
  await deliverSoon(deps, mail);
}
