/**
 * The owner's Provisioning (SCIM) section of the team page: the status, and the organization's
 * token made, replaced or revoked, each on the organization the signed-in account owns.
 */
import { ScimTeamMessages } from '../../../../src/contract/scim';
import { fail } from '../../../lib/errors';
import type { SessionInfo } from '../../core/users/sessions';
import { assertStepUp } from '../../core/users/step-up';
import { findUserById } from '../../core/users/users';
import type { Deps } from '../../shared/deps';
import { ownedOrganization } from '../team';
import { createScimToken, revokeScimToken, scimStatus } from './tokens';

async function ownerOf(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await findUserById(deps.db, userId);
  return { userId, email: user?.email ?? '' };
}

export const ownerScim = {
  async status(deps: Deps, ownerId: string) {
    return scimStatus(deps, await ownedOrganization(deps.db, ownerId, true));
  },
  /** Needs a recent proof of the owner's strongest factor: the token can add and remove members. */
  async createToken(deps: Deps, session: SessionInfo) {
    const organization = await ownedOrganization(deps.db, session.userId);
    await assertStepUp(deps, session, 'scim-token');
    return createScimToken(deps, organization, await ownerOf(deps, session.userId));
  },
  async revokeToken(deps: Deps, ownerId: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    const revoked = await revokeScimToken(deps, organization, await ownerOf(deps, ownerId));
    if (!revoked) throw fail('NOT_FOUND', { message: ScimTeamMessages.noToken });
  },
};
