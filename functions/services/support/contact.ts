/** The About page's Get in Touch form: bot-checked, rate-limited, stored, e-mailed. */
import type { ContactBody } from '../../../src/contract/schemas/auth';
import { contactMessages } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, queueMail } from '../core/mail/outbox';
import { contactMail, contactReceivedMail } from '../core/mail/templates';
import type { Deps } from '../shared/deps';
import { normalizeEmail } from '../shared/emails';
import { limits } from '../../../src/site.config';
import { enforceRateLimit, hitRateLimit } from '../shared/rate-limit';

/**
 * Stores the message and, in the same batch, its e-mail to support (quoting its id) and the
 * sender's acknowledgement, which the task queue delivers: one of each per stored message, and
 * none when the message was not stored. An address gets a few acknowledgements a day at most
 * (limits.rateLimits.contactAcknowledgementsPerEmail); beyond them the message still reaches
 * support.
 */
export async function sendContactMessage(deps: Deps, body: ContactBody): Promise<void> {
  const { db, now, client, origin } = deps;
  if (!(await deps.botCheck.verify(body.recaptchaToken, 'contact', client.ip))) {
    throw fail('BOT_CHECK_FAILED');
  }
  await enforceRateLimit(deps, 'contactPerIp', client.ip);
  const id = crypto.randomUUID();
  const emailNormalized = normalizeEmail(body.email);
  const toSupport = queueMail(db, await contactMail(id, body, origin), now);
  const acknowledged = await hitRateLimit(
    db,
    'contactAcknowledgementsPerEmail',
    emailNormalized,
    now,
  );
  const acknowledgement =
    acknowledged.count <= limits.rateLimits.contactAcknowledgementsPerEmail.max
      ? queueMail(db, await contactReceivedMail(body.email, body.message, origin), now)
      : null;
  const store = db.insert(contactMessages).values({
    id,
    name: body.name,
    email: body.email,
    emailNormalized,
    message: body.message,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
  });
  if (acknowledgement) {
    await db.batch([store, toSupport.insert, acknowledgement.insert]);
    await deliverSoon(deps, toSupport, acknowledgement);
  } else {
    await db.batch([store, toSupport.insert]);
    await deliverSoon(deps, toSupport);
  }
}
