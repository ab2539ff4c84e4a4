/** The About page's Get in Touch form: bot-checked, rate-limited, stored, e-mailed. */
import type { ContactBody } from '../../../src/contract/schemas/auth';
import { contactMessages } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { contactMail, contactReceivedMail } from '../core/mail/templates';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { enforceRateLimit } from '../shared/rate-limit';

/**
 * Stores the message and, in the same batch, its e-mail to support (quoting its id) and the
 * sender's acknowledgement, which the task queue delivers: one of each per stored message, and
 * none when the message was not stored.
 */
export async function sendContactMessage(deps: Deps, body: ContactBody): Promise<void> {
  const { db, now, client, origin } = deps;
  if (!(await deps.botCheck.verify(body.recaptchaToken, 'contact', client.ip))) {
    throw fail('BOT_CHECK_FAILED');
  }
  await enforceRateLimit(deps, 'contactPerIp', client.ip);
  const id = crypto.randomUUID();
  const toSupport = queueMail(db, contactMail(id, body, origin), now);
  const acknowledgement = queueMail(db, contactReceivedMail(body.email, origin), now);
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
  await db.batch([store, toSupport.insert, acknowledgement.insert]);
  await deliverSoon(deps, toSupport, acknowledgement);
}
