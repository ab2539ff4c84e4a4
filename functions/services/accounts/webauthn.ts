/**
 * The WebAuthn ceremonies' common ground: who we are to an authenticator (the relying party), and
 * the single-use challenges each ceremony signs (`webauthn_challenges`).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { limits, site } from '../../../src/site.config';
import { webauthnChallenges } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Deps } from '../shared/deps';

/**
 * The relying party, from the request's own origin: rpID is its host name (sheetwright.example in
 * production, localhost locally) and the browser must report exactly that origin. An authenticator
 * binds a passkey to its rpID and will not offer it to another host, so a page elsewhere (a
 * look-alike domain) can neither use nor be answered with our passkeys.
 */
export function relyingParty(origin: string) {
  const url = new URL(origin);
  return { name: site.product, id: url.hostname, origin: url.origin };
}

/** What a challenge is for; a sign-in belongs to nobody yet, the others to the signed-in account. */
export type ChallengePurpose = 'register' | 'sign-in' | 'confirm';

/** Stores `challenge` (base64url, from the options) for one ceremony; answers its id. */
export async function storeChallenge(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  purpose: ChallengePurpose,
  userId: string | null,
  challenge: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(webauthnChallenges).values({
    id,
    purpose,
    userId,
    challenge,
    createdAt: now,
    expiresAt: now + limits.passkeyChallengeMinutes * 60_000,
    usedAt: null,
  });
  return id;
}

/**
 * Uses the challenge `id` up, whatever the answer turns out to be: one conditional UPDATE, so of
 * two requests with the same answer only one gets the challenge, and a refused answer cannot be
 * tried again. 400 PASSKEY_CHALLENGE_EXPIRED when it is unknown, used, expired, for another
 * ceremony or another account.
 */
export async function consumeChallenge(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  id: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) throw fail('PASSKEY_CHALLENGE_EXPIRED');
  return row.challenge;
}
