/**
 * The contact inbox: messages from the About page's form, new or handled, each with the
 * account of the same address (if any) and the replies sent. "Mark handled" takes a note and
 * "Reply" sends an e-mail; both are audited like any other operator action.
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Inbox } from '../../../src/contract/admin';
import { ConsoleMessages } from '../../../src/contract/messages';
import { contactMessages, contactReplies, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { deliverSoon, mailWritten, queueMailOnce } from '../core/mail/outbox';
import { contactReplyMail } from '../core/mail/templates';
import type { Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { auditStatement, auditWritten, type OperatorAct } from './audit';
import { repliesByMessage, toContactView } from './views';

export const INBOX_PAGE_SIZE = 50;

/** A page of the inbox, newest first; `cursor` is `createdAt:id` of the last message shown. */
export async function inboxPage(
  db: Db,
  status: 'new' | 'handled',
  cursor?: string,
): Promise<Inbox> {
  const match = cursor ? /^(\d{1,15}):([\w-]{1,64})$/.exec(cursor) : null;
  const after =
    match?.[1] && match[2]
      ? or(
          lt(contactMessages.createdAt, Number(match[1])),
          and(eq(contactMessages.createdAt, Number(match[1])), lt(contactMessages.id, match[2])),
        )
      : undefined;
  const [rows, [counted]] = await db.batch([
    db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.status, status), after))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE + 1),
    db
      .select({ n: sql<number>`count(*)` })
      .from(contactMessages)
      .where(eq(contactMessages.status, 'new')),
  ]);
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const emails = [
    ...new Set(page.flatMap((row) => (row.emailNormalized ? [row.emailNormalized] : []))),
  ];
  const accounts = emails.length
    ? await db
        .select({ id: users.id, emailNormalized: users.emailNormalized })
        .from(users)
        .where(inArray(users.emailNormalized, emails))
    : [];
  const byEmail = new Map(accounts.map((account) => [account.emailNormalized, account.id]));
  // A page holds at most INBOX_PAGE_SIZE ids: within D1's 100 parameters.
  const replies = repliesByMessage(
    page.length
      ? await db
          .select()
          .from(contactReplies)
          .where(
            inArray(
              contactReplies.messageId,
              page.map((row) => row.id),
            ),
          )
          .orderBy(asc(contactReplies.createdAt))
      : [],
  );
  const last = page[page.length - 1];
  return {
    messages: page.map((row) =>
      toContactView(
        row,
        row.emailNormalized ? (byEmail.get(row.emailNormalized) ?? null) : null,
        replies.get(row.id) ?? [],
      ),
    ),
    nextCursor: rows.length > INBOX_PAGE_SIZE && last ? `${last.createdAt}:${last.id}` : null,
    newCount: Number(counted?.n ?? 0),
  };
}

/** The account with the sender's address, if any (the audit row's customer). */
async function accountOf(db: Db, emailNormalized: string | null): Promise<string | null> {
  if (!emailNormalized) return null;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailNormalized, emailNormalized))
    .limit(1);
  return account?.id ?? null;
}

/** Marks a new message handled, with the operator's note (the audit row's reason). */
export async function markHandled(db: Db, act: OperatorAct, messageId: string): Promise<void> {
  const [message] = await db
    .select({ id: contactMessages.id, emailNormalized: contactMessages.emailNormalized })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
    .limit(1);
  if (!message) throw fail('NOT_FOUND', { message: ConsoleMessages.messageNotFound });
  const accountId = await accountOf(db, message.emailNormalized);
  const audit = auditStatement(db, act, {
    action: 'handle-contact',
    userId: accountId,
    subject: `contact:${messageId}`,
    before: sql`json_object('status', m.status)`,
    after: { status: 'handled', note: act.reason },
    from: sql`from contact_messages as m`,
    where: sql`m.id = ${messageId} and m.status = 'new'`,
  });
  const [inserted] = await db.batch([
    audit.insert,
    db
      .update(contactMessages)
      .set({
        status: 'handled',
        handledAt: act.now,
        handledBy: act.operatorEmail,
        handledNote: act.reason,
      })
      .where(and(eq(contactMessages.id, messageId), auditWritten(audit.id))),
  ]);
  if (inserted.length === 0) throw fail('STALE_STATE');
}

/**
 * Replies to a message by e-mail (to the address the sender typed) and marks it handled if it was
 * new. One batch: the audit row, written only while no reply has `replyId` yet; then, guarded by
 * it, the outbox row (also once per `replyId` by its dedupe key), the reply row and the state. So
 * a double click or a retry of the same reply sends one e-mail, and answers as the first did.
 */
export async function replyToMessage(
  deps: Deps,
  act: Omit<OperatorAct, 'reason'>,
  messageId: string,
  input: { replyId: string; text: string },
): Promise<void> {
  const { db, now } = deps;
  const [message] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
    .limit(1);
  if (!message) throw fail('NOT_FOUND', { message: ConsoleMessages.messageNotFound });
  const { replyId, text } = input;
  const audit = auditStatement(
    db,
    { ...act, reason: ConsoleMessages.replyReason },
    {
      action: 'reply-contact',
      userId: await accountOf(db, message.emailNormalized),
      subject: `contact:${messageId}`,
      before: sql`json_object('status', m.status)`,
      after: { status: 'handled', replyId },
      from: sql`from contact_messages as m`,
      where: sql`m.id = ${messageId} and not exists (select 1 from contact_replies as r where r.id = ${replyId})`,
    },
  );
  const written = auditWritten(audit.id);
  const mail = queueMailOnce(
    db,
    await contactReplyMail(message.email, message.name, message, text, deps.origin),
    now,
    `contact-reply:${replyId}`,
    written,
  );
  const results = await db.batch([
    audit.insert,
    mail.insert,
    // Values in the table's column order (schema.ts).
    db
      .insert(contactReplies)
      .select(
        sql`select ${replyId}, ${messageId}, ${act.operatorId}, ${act.operatorEmail}, ${text}, ${now}, ${mail.id} where ${written}`,
      ),
    db
      .update(contactMessages)
      .set({
        status: 'handled',
        handledAt: now,
        handledBy: act.operatorEmail,
        handledNote: ConsoleMessages.repliedNote,
      })
      .where(and(eq(contactMessages.id, messageId), eq(contactMessages.status, 'new'), written)),
  ]);
  if (results[0].length === 0) {
    // The reply exists: this is a repeat of it (sent once), unless the id names another message.
    const [earlier] = await db
      .select({ messageId: contactReplies.messageId })
      .from(contactReplies)
      .where(eq(contactReplies.id, replyId))
      .limit(1);
    if (!earlier) throw fail('STALE_STATE');
    if (earlier.messageId !== messageId) {
      throw fail('VALIDATION_FAILED', { message: ConsoleMessages.replyIdTaken });
    }
    return;
  }
  if (mailWritten(results[1])) await deliverSoon(deps, mail);
}
