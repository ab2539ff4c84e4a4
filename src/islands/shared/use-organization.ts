/**
 * The account's Enterprise organization (GET /api/organization), for My Account's Organization
 * card and the Usage page's team note. Null while loading, for no organization and on failure:
 * the pages show their other content either way.
 */
import { type OrganizationCard } from '../../contract/team';
import { apiCall } from './api';
import { useLoad } from './use-load';
import { isGetOrganizationAnswer } from '../../generated/answers/GetOrganizationAnswer';

const loadOrganization = () =>
  apiCall('GET', '/api/organization', isGetOrganizationAnswer).then(
    (answer) => answer.organization,
  );
/** A failure shows nothing: the card is left out. */
const ignoreFailure = () => null;

/** The account's organization card; null while loading, for no organization or on failure. */
export function useOrganization(): OrganizationCard | null {
  const { state } = useLoad(loadOrganization, ignoreFailure);
  return state.kind === 'ready' ? state.value : null;
}
