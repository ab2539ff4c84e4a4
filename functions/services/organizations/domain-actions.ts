/**
 * The owner's actions on the organization's domains (domains.ts), each on the organization the
 * signed-in account owns: anyone else is refused as on the rest of the team page.
 */
import type { Deps } from '../shared/deps';
import { checkDomain } from './domain-check';
import { addDomain, listDomains, removeDomain } from './domains';
import { ownedOrganization, ownerActor } from './team';

export const domainOwnerActions = {
  async list(deps: Pick<Deps, 'db'>, ownerId: string) {
    const organization = await ownedOrganization(deps.db, ownerId, true);
    return listDomains(deps.db, organization.id);
  },
  async add(deps: Deps, ownerId: string, domain: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    return addDomain(deps, organization, await ownerActor(deps.db, ownerId), domain);
  },
  async check(deps: Deps, ownerId: string, id: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    return checkDomain(deps, organization, await ownerActor(deps.db, ownerId), id);
  },
  async remove(deps: Deps, ownerId: string, id: string) {
    const organization = await ownedOrganization(deps.db, ownerId);
    await removeDomain(deps, organization, await ownerActor(deps.db, ownerId), id);
  },
};
