/**
 * Operators' internal notes on a customer (the customer page's Notes). The customer never sees
 * them: only the console's customer API reads them. Adding and deleting are audited like every
 * console action, the audit row first in the same batch and the change guarded by it (audit.ts).
 * The audit row names the note, not its text: the log outlives the account purge, which deletes
 * the notes with the rest of the customer's personal data (cron/purge-accounts.ts). An operator
 * deletes only their own notes, so no one removes what a colleague recorded.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { CustomerNote } from '../../../src/contract/admin';
import { ConsoleMessages } from '../../../src/contract/messages';
import { customerNotes, users } from '../../db/schema';
import { ApiError, fail } from '../../lib/errors';
import { iso, type Db } from '../shared/db';
import type { Deps } from '../shared/deps';
import { applyAudited } from './actions';
import type { OperatorAct } from './audit';

/** Notes shown on the customer page: the newest. */
export const NOTES_SHOWN = 100;

/** The notes of a customer, newest first, for the statement batch of the customer page. */
export function notesQuery(db: Db, userId: string) {
  return db
    .select({
      note: customerNotes,
      // The author's name now (by primary key); the e-mail is the one they wrote it with.
      authorName: users.customerName,
    })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(NOTES_SHOWN);
}

type NoteRow = Awaited<ReturnType<typeof notesQuery>>[number];

/** A note as the console shows it to `operatorId`. */
export function toNoteView({ note, authorName }: NoteRow, operatorId: string): CustomerNote {
  return {
    id: note.id,
    text: note.text,
    createdAt: iso(note.createdAt),
    authorId: note.authorId,
    authorEmail: note.authorEmail,
    authorName: authorName ?? '',
    mine: note.authorId === operatorId,
  };
}

/** Adds a note to a customer (any account not purged yet: a purge deletes the notes). */
export async function addNote(
  deps: Deps,
  act: Omit<OperatorAct, 'reason'>,
  userId: string,
  text: string,
): Promise<void> {
  const { db } = deps;
  const [user] = await db
    .select({ id: users.id, purgedAt: users.purgedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw fail('NOT_FOUND', { message: ConsoleMessages.customerNotFound });
  const id = crypto.randomUUID();
  await applyAudited(
    deps,
    { ...act, reason: ConsoleMessages.noteAddedReason },
    {
      action: 'add-note',
      userId,
      subject: `note:${id}`,
      before: sql`json_object()`,
      after: { characters: text.length },
      from: sql`from users as u`,
      where: sql`u.id = ${userId} and u.purged_at is null`,
    },
    (written) => [
      // Values in the table's column order (schema.ts).
      db
        .insert(customerNotes)
        .select(
          sql`select ${id}, ${userId}, ${act.operatorId}, ${act.operatorEmail}, ${text}, ${act.now} where ${written}`,
        ),
    ],
  );
}

/** Deletes one of the customer's notes; only its author may. */
export async function deleteNote(
  deps: Deps,
  act: Omit<OperatorAct, 'reason'>,
  userId: string,
  noteId: string,
): Promise<void> {
  const { db } = deps;
  const [note] = await db
    .select({ authorId: customerNotes.authorId })
    .from(customerNotes)
    .where(and(eq(customerNotes.id, noteId), eq(customerNotes.userId, userId)))
    .limit(1);
  if (!note) throw fail('NOT_FOUND', { message: ConsoleMessages.noteNotFound });
  if (note.authorId !== act.operatorId) {
    throw fail('FORBIDDEN', { message: ConsoleMessages.notYourNote });
  }
  await applyAudited(
    deps,
    { ...act, reason: ConsoleMessages.noteDeletedReason },
    {
      action: 'delete-note',
      userId,
      subject: `note:${noteId}`,
      before: sql`json_object('characters', length(n.text))`,
      after: { deleted: true },
      from: sql`from customer_notes as n`,
      where: sql`n.id = ${noteId} and n.user_id = ${userId} and n.author_id = ${act.operatorId}`,
    },
    (written) => [
      db
        .delete(customerNotes)
        .where(and(eq(customerNotes.id, noteId), eq(customerNotes.userId, userId), written)),
    ],
  ).catch((error: unknown) => {
    // No row: deleted meanwhile (a second click, another tab).
    if (ApiError.is(error, 'STALE_STATE')) {
      throw fail('NOT_FOUND', { message: ConsoleMessages.noteNotFound });
    }
    throw error;
  });
}
