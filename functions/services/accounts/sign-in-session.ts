/**
 * The last step of every sign-in to an existing account (password, Google, a passkey, a code): a
 * new session, the member's sign-in in their team's feed, and the AuthResponse.
 */
import type { AuthResponse } from '../../../src/contract/user';
import type { UserRow } from '../../db/schema';
import { currentLicense } from '../core/licenses/licenses';
import { memberSignInEvent } from '../core/team-feed';
import { newSession, type SessionProof } from '../core/users/sessions';
import { toUserView } from '../core/users/user-view';
import type { Deps } from '../shared/deps';

/** How the person signed in, as the team feed says it ("signed in with …"). */
export type SignInMethod = 'password' | 'Google' | 'a passkey' | 'single sign-on';

/**
 * Starts a new session for `user`, signed in by `how`, with `proof` saying whether a second
 * factor was part of it, and builds the AuthResponse.
 */
export async function startSession(
  deps: Deps,
  user: UserRow,
  how: SignInMethod,
  proof: SessionProof,
): Promise<AuthResponse> {
  const license = await currentLicense(deps.db, user.id);
  if (!license) throw new Error(`User ${user.id} has no license`);
  const session = await newSession(deps, user.id, proof);
  // An Enterprise member's sign-in shows in their team's feed.
  await deps.db.batch([
    session.insert,
    memberSignInEvent(deps.db, user.id, `with ${how}`, deps.now),
  ]);
  return {
    token: session.token,
    user: toUserView(user, license, session.info, deps.now),
    tokenExpiration: session.info.expiresAt,
  };
}
