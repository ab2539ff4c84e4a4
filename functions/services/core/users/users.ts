/** Accounts: lookups (each through an indexed, UNIQUE column) and the one-account-per-e-mail rule. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { users, USERS_DELETED_INDEX, type UserRow } from '../../../db/schema';
import { fail } from '../../../lib/errors';
import type { Db, Millis } from '../../shared/db';

/** The account holding a normalized e-mail, deleted or not (the e-mail stays taken until purge). */
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

/** The query of `findUserById`, to run inside a db.batch. */
export function userByIdQuery(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).limit(1);
}

/** The account with this id, deleted or not. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db, id);
  return row;
}

/**
 * The signed-in account for a change to how it signs in: 401 UNAUTHORIZED when it is gone or
 * scheduled for deletion (a deleted account changes nothing about its sign-in).
 */
export async function liveAccount(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || user.isDeleted) throw fail('UNAUTHORIZED');
  return user;
}

/**
 * SQL, true when the account `userId` (a reference into the outer statement, such as
 * `outerColumn(sessions.userId)` or `sql\`l.user_id\``) is scheduled for deletion. It reads the
 * partial index of deleted accounts only, a B-tree that stays small and cached however many
 * accounts there are; `INDEXED BY` pins that plan, since without statistics SQLite prefers the
 * primary key and then reads the users table too (and the statement fails loudly, instead of
 * slowing down, if the index is ever dropped).
 */
export function accountDeletedSql(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from users as deleted indexed by ${sql.raw(USERS_DELETED_INDEX)}
    where deleted.id = ${userId} and deleted.is_deleted = 1)`.mapWith(Boolean);
}

/**
 * Throws 409 ACCOUNT_EXISTS when the e-mail (or Google subject) already belongs to an account.
 * An account scheduled for deletion still holds its e-mail until it is purged.
 * A friendly early answer: the UNIQUE columns of `users` are the real guard.
 */
export async function assertNoAccount(db: Db, emailNormalized: string, googleSub?: string) {
  if (await findUserByEmail(db, emailNormalized)) throw fail('ACCOUNT_EXISTS');
  if (googleSub && (await findUserByGoogleSub(db, googleSub))) throw fail('ACCOUNT_EXISTS');
}

/** Who an account is made for. Exactly one of passwordHash and googleSub is set. */
export type AccountIdentity = Pick<
  UserRow,
  'customerName' | 'email' | 'emailNormalized' | 'passwordHash' | 'googleSub'
>;

/** The row of a new, live account on `plan` (a trial signup, or a paid Standard signup). */
export function newUser(identity: AccountIdentity, plan: UserRow['plan'], now: Millis): UserRow {
  return {
    id: crypto.randomUUID(),
    customerName: identity.customerName,
    email: identity.email,
    emailNormalized: identity.emailNormalized,
    passwordHash: identity.passwordHash,
    googleSub: identity.googleSub,
    plan,
    isDeleted: false,
    deletedAt: null,
    purgedAt: null,
    createdAt: now,
    updatedAt: now,
    role: null,
    shareUsage: true,
  };
}
