/**
 * The contact inbox: messages from the About page's form, new or handled, each with the
 * account of the same address (if any). "Mark handled" takes a note and is audited like any
 * other operator action.
 */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Inbox } from '../../../src/contract/admin';
import { ConsoleMessages } from '../../../src/contract/messages';
import { contactMessages, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Db } from '../shared/db';
import { auditStatement, auditWritten, type OperatorAct } from './audit';
import { toContactView } from './views';

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
  const last = page[page.length - 1];
  return {
    messages: page.map((row) =>
      toContactView(row, row.emailNormalized ? (byEmail.get(row.emailNormalized) ?? null) : null),
    ),
    nextCursor: rows.length > INBOX_PAGE_SIZE && last ? `${last.createdAt}:${last.id}` : null,
    newCount: Number(counted?.n ?? 0),
  };
}

/** Marks a new message handled, with the operator's note (the audit row's reason). */
export async function markHandled(db: Db, act: OperatorAct, messageId: string): Promise<void> {
  const [message] = await db
    .select({ id: contactMessages.id, emailNormalized: contactMessages.emailNormalized })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId))
    .limit(1);
  if (!message) throw fail('NOT_FOUND', { message: ConsoleMessages.messageNotFound });
  const account = message.emailNormalized
    ? (
        await db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.emailNormalized, message.emailNormalized))
          .limit(1)
      )[0]
    : undefined;
  const audit = auditStatement(db, act, {
    action: 'handle-contact',
    userId: account?.id ?? null,
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
