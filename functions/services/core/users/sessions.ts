/**
 * Sessions. A session is a row in `sessions`, named by the `jti` of a short HS256
 * JWT. The JWT proves the id was issued by us; the row makes it revocable (logout, deletion,
 * password reset) and carries the absolute expiry the dashboard shows.
 */
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { limits } from '../../../../src/site.config';
import {
  organizationMembers,
  organizations,
  sessions,
  type LicenseRow,
  type UserRow,
  type SessionRow,
} from '../../../db/schema';
import { fail } from '../../../lib/errors';
import { currentLicenseQuery } from '../licenses/licenses';
import { randomToken } from '../../shared/crypto';
import { DAY_MS, outerColumn, type Db, type Millis } from '../../shared/db';
import type { Deps } from '../../shared/deps';
import { accountDeletedSql, userByIdQuery } from './users';

export const JWT_ISSUER = 'sheetwright';
export const JWT_AUDIENCE = 'sheetwright-web';
const ALGORITHM = 'HS256';
/** last_used_at is written at most this often, so reading pages does not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What an authenticated request knows about its session (`c.get('session')`). */
export interface SessionInfo {
  userId: string;
  sessionId: string;
  createdAt: Millis;
  expiresAt: Millis;
  /** When this session last proved a second factor (passkey, authenticator or recovery code). */
  secondFactorAt: Millis | null;
  /** When the person at this session last proved who they are (sign-in included). */
  verifiedAt: Millis;
}

/** How a new session was proved: a second factor (a passkey or a code) or one factor alone. */
export interface SessionProof {
  secondFactor: boolean;
}

function signingKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs the session JWT for an existing or about-to-be-inserted row. */
export async function signSessionToken(secret: string, session: SessionInfo): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(session.userId)
    .setJti(session.sessionId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(Math.floor(session.createdAt / 1000))
    .setExpirationTime(Math.floor(session.expiresAt / 1000))
    .sign(signingKey(secret));
}

/** A new session: its JWT, its info, and the insert to run (alone or inside a db.batch). */
export async function newSession(
  { db, now, secrets, client }: Deps,
  userId: string,
  proof: SessionProof = { secondFactor: false },
) {
  // A fresh random id at every sign-in (no session fixation); 256 bits, unguessable.
  const info: SessionInfo = {
    userId,
    sessionId: randomToken(),
    createdAt: now,
    expiresAt: now + limits.sessionDays * DAY_MS,
    secondFactorAt: proof.secondFactor ? now : null,
    verifiedAt: now,
  };
  const token = await signSessionToken(secrets.jwtSecret, info);
  const insert = db.insert(sessions).values({
    id: info.sessionId,
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: info.expiresAt,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip,
    revokedAt: null,
    secondFactorAt: info.secondFactorAt,
    verifiedAt: now,
  });
  return { token, info, insert };
}

/** What a verified JWT names: the session row and its account. */
interface SessionClaims {
  sessionId: string;
  userId: string;
}

/** Verifies the JWT alone (signature, algorithm, issuer, audience, expiry); no D1 call. */
async function verifySessionToken(
  { now, secrets }: Pick<Deps, 'now' | 'secrets'>,
  token: string,
): Promise<SessionClaims> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secrets.jwtSecret), {
      // Explicit: never accept `none` or an algorithm picked by the token.
      algorithms: [ALGORITHM],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      currentDate: new Date(now),
    });
    return { sessionId: payload.jti ?? '', userId: payload.sub ?? '' };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw fail('SESSION_EXPIRED');
    throw fail('UNAUTHORIZED');
  }
}

/** The session row by id, and whether its account is scheduled for deletion. */
function sessionCheckQuery(db: Db, sessionId: string) {
  return db
    .select({
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      secondFactorAt: sessions.secondFactorAt,
      verifiedAt: sessions.verifiedAt,
      userDeleted: accountDeletedSql(outerColumn(sessions.userId)),
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
}

type SessionCheckRow = Awaited<ReturnType<typeof sessionCheckQuery>>[number];

/**
 * Applies the session rules to the row the claims name (401 UNAUTHORIZED: unknown, another
 * user's, revoked, or a deleted account; 401 SESSION_EXPIRED: past the row's own expiry) and
 * records the use, at most once a minute.
 */
async function acceptSession(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { sessionId, userId }: SessionClaims,
  row: SessionCheckRow | undefined,
): Promise<SessionInfo> {
  if (!row || row.userId !== userId || row.revokedAt !== null || row.userDeleted) {
    throw fail('UNAUTHORIZED');
  }
  if (row.expiresAt <= now) throw fail('SESSION_EXPIRED');

  if (now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(
        and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, now - LAST_USED_RESOLUTION_MS)),
      );
  }
  return {
    userId,
    sessionId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    secondFactorAt: row.secondFactorAt,
    // Sessions from before this column was added were verified when they started.
    verifiedAt: row.verifiedAt ?? row.createdAt,
  };
}

/**
 * Verifies a session JWT and its row. Throws 401 SESSION_EXPIRED for an expired token or
 * session, 401 UNAUTHORIZED for anything else (bad signature, algorithm, issuer, audience,
 * unknown, revoked, or a deleted user).
 */
export async function verifySession(
  deps: Pick<Deps, 'db' | 'now' | 'secrets'>,
  token: string,
): Promise<SessionInfo> {
  const claims = await verifySessionToken(deps, token);
  const [row] = await sessionCheckQuery(deps.db, claims.sessionId);
  return acceptSession(deps, claims, row);
}

/** A verified session with its account and the account's current license. */
export interface SignedInAccount {
  session: SessionInfo;
  user: UserRow | undefined;
  license: LicenseRow | undefined;
  /** The account owns an Enterprise organization (the dashboard then offers its Team page). */
  ownsOrganization: boolean;
  /** The account holds a seat of an organization: its license is the seat's. */
  holdsSeat: boolean;
}

/**
 * `verifySession`, plus the account and its current license read in the same D1 round trip (one
 * db.batch): the verified JWT already names the account, and nothing read is returned unless the
 * session row passes the same checks.
 */
export async function verifySessionWithAccount(
  deps: Pick<Deps, 'db' | 'now' | 'secrets'>,
  token: string,
): Promise<SignedInAccount> {
  const { db } = deps;
  const claims = await verifySessionToken(deps, token);
  const [[row], [user], [license], owned, seat] = await db.batch([
    sessionCheckQuery(db, claims.sessionId),
    userByIdQuery(db, claims.userId),
    currentLicenseQuery(db, claims.userId),
    // organizations_owner_idx: one index probe.
    db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.ownerUserId, claims.userId))
      .limit(1),
    // organization_members_user_active_unique: one index probe.
    db
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.userId, claims.userId), isNull(organizationMembers.removedAt)),
      )
      .limit(1),
  ]);
  const session = await acceptSession(deps, claims, row);
  return {
    session,
    user,
    license,
    ownsOrganization: owned.length > 0,
    holdsSeat: seat.length > 0,
  };
}

/**
 * Records that the person at `sessionId` just proved who they are: by a second factor (which
 * also makes the session one with a second factor) or by the password.
 */
export function markSessionVerified(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  sessionId: string,
  proof: SessionProof,
) {
  return db
    .update(sessions)
    .set(proof.secondFactor ? { verifiedAt: now, secondFactorAt: now } : { verifiedAt: now })
    .where(eq(sessions.id, sessionId));
}

/** Revokes one session (logout). */
export function revokeSession({ db, now }: Pick<Deps, 'db' | 'now'>, sessionId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user (deletion, password reset); batchable. */
export function revokeAllSessions({ db, now }: Pick<Deps, 'db' | 'now'>, userId: string) {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** The session rows still usable: not revoked and not past their absolute expiry. */
function live(userId: string, now: Millis) {
  return and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now));
}

/** A user's live sessions, most recently used first (the Usage & Sessions page). */
export function listLiveSessions(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(live(userId, now))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

/**
 * Revokes one live session of `userId` (someone else's id matches nothing, so it cannot be
 * probed). True when a session was revoked.
 */
export async function revokeUserSession(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), live(userId, now)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Revokes every live session of `userId` except `keepSessionId` ("sign out other sessions"). */
export async function revokeOtherSessions(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(live(userId, now), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return revoked.length;
}
