/**
 * The operators' audit log. Every action writes its row in the SAME db.batch as its
 * effect, and the row is the batch's conditional statement: it is inserted only when the thing
 * acted on is still in the state the operator saw (`where`), and the effect's statements apply
 * only when the row exists (`auditWritten`). So two operators acting on one license at once
 * cannot both apply, and an effect never lands without its row, or a row without its effect.
 * The table is append-only (migration 0009's triggers); nothing here updates or deletes it.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '../../../src/contract/admin';
import { auditLog, users } from '../../db/schema';
import { findUserByEmail } from '../core/users/users';
import type { Db, Millis } from '../shared/db';
import { normalizeEmail } from '../shared/emails';

/** The operator acting, and why (every action needs a reason). */
export interface OperatorAct {
  operatorId: string;
  operatorEmail: string;
  reason: string;
  now: Millis;
}

/** One audit row to write: what, on whom, and the before → after values. */
export interface AuditRow {
  action: AuditAction;
  userId: string | null;
  subject: string;
  /**
   * The values before, as SQL over the statement's `from` (e.g. `json_object('status', l.status)`),
   * read in the same statement that checks the state, so they are the values actually replaced.
   */
  before: SQL;
  /** The values after, as JSON text. */
  after: Record<string, unknown>;
  /** `from …` of the statement: the table(s) the before values and the condition read. */
  from: SQL;
  /** The state the action expects; no row (and so no effect) when it no longer holds. */
  where: SQL;
}

/**
 * The conditional INSERT of one audit row; put it first in the action's batch and guard the
 * effect with `auditWritten(id)`. Values in the table's column order (schema.ts).
 */
export function auditStatement(db: Db, act: OperatorAct, row: AuditRow) {
  const id = crypto.randomUUID();
  const insert = db
    .insert(auditLog)
    .select(
      sql`select ${id}, ${act.now}, ${act.operatorId}, ${act.operatorEmail}, ${row.userId}, ${row.action}, ${row.subject}, ${act.reason}, ${row.before}, ${JSON.stringify(row.after)}
        ${row.from} where ${row.where}`,
    )
    .returning({ id: auditLog.id });
  return { id, insert };
}

/** SQL condition for the effect statements of a batch: its audit row `id` was written. */
export function auditWritten(id: string): SQL {
  return sql`exists (select 1 from audit_log where id = ${id})`;
}

/** An audit row as the console shows it. */
export function toAuditEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    createdAt: new Date(row.createdAt).toISOString(),
    operatorId: row.operatorId,
    operatorEmail: row.operatorEmail,
    userId: row.userId,
    action: row.action,
    subject: row.subject,
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/**
 * Filters of the audit log page; each is exact. An operator or a customer is named by User ID or
 * by e-mail address (people know e-mails), which is looked up here.
 */
export interface AuditFilter {
  /** The operator's User ID or e-mail address. */
  operatorId?: string | undefined;
  /** The customer's User ID or e-mail address. */
  userId?: string | undefined;
  action?: AuditAction | undefined;
  /** Rows from this moment on, and before that one (ms). */
  from?: Millis | undefined;
  until?: Millis | undefined;
  /** `createdAt:rowid` of the last row of the previous page. */
  cursor?: string | undefined;
}

export const AUDIT_PAGE_SIZE = 50;

/** A page of the audit log, newest first, filtered; each filter has its own index. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (filter.operatorId) {
    const operator = filter.operatorId;
    if (isEmail(operator)) {
      const account = await findUserByEmail(db, normalizeEmail(operator));
      // The row keeps the operator's e-mail of that day, which finds it after a change too.
      const byEmail = sql`lower(${auditLog.operatorEmail}) = ${operator.trim().toLowerCase()}`;
      conditions.push(
        account ? (or(eq(auditLog.operatorId, account.id), byEmail) ?? byEmail) : byEmail,
      );
    } else conditions.push(eq(auditLog.operatorId, operator));
  }
  if (filter.userId) {
    const customer = filter.userId;
    const userId = isEmail(customer)
      ? (await findUserByEmail(db, normalizeEmail(customer)))?.id
      : customer;
    // An e-mail of no account matches no row.
    if (userId === undefined) return { entries: [], nextCursor: null };
    conditions.push(eq(auditLog.userId, userId));
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from !== undefined) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.until !== undefined) conditions.push(lt(auditLog.createdAt, filter.until));
  const cursor = parseCursor(filter.cursor);
  if (cursor) {
    // rowid orders rows written in the same millisecond as they were written.
    const after = or(
      lt(auditLog.createdAt, cursor.at),
      and(eq(auditLog.createdAt, cursor.at), sql`${auditLog}.rowid < ${cursor.rowid}`),
    );
    if (after) conditions.push(after);
  }
  const rows = await db
    .select({
      row: auditLog,
      rowid: sql<number>`${auditLog}.rowid`,
      // The customer as they are now, by primary key (a purged account has no name left).
      customerName: users.customerName,
      customerEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(sql`${auditLog}.rowid`))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ row, customerName, customerEmail }) => ({
      ...toAuditEntry(row),
      customerName: customerName || null,
      customerEmail: customerEmail?.endsWith('@invalid') ? null : (customerEmail ?? null),
    })),
    nextCursor:
      rows.length > AUDIT_PAGE_SIZE && last ? `${last.row.createdAt}:${last.rowid}` : null,
  };
}

/** A filter naming someone by e-mail address rather than by User ID. */
const isEmail = (text: string) => text.includes('@');

function parseCursor(cursor: string | undefined): { at: number; rowid: number } | null {
  const match = cursor ? /^(\d{1,15}):(\d{1,15})$/.exec(cursor) : null;
  return match?.[1] && match[2] ? { at: Number(match[1]), rowid: Number(match[2]) } : null;
}
