/** Account lookups. Every lookup goes through an indexed, UNIQUE column. */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Db } from './db';

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/** The account holding a normalised e-mail, deleted or not (the e-mail stays taken until purge). */
export async function findUserByEmail(
  db: Db,
  emailNormalized: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.emailNormalized, emailNormalized))
    .limit(1);
  return row;
}

/** The account linked to a Google subject, deleted or not. */
export async function findUserByGoogleSub(db: Db, googleSub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, googleSub)).limit(1);
  return row;
}

/** The account with this id, deleted or not. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
