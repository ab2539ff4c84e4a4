/**
 * What My Account shows beside the user object: the Enterprise organization (GET
 * /api/organization) and the license's devices and renewal (GET /api/account/license), asked
 * together so the page settles once. Either may fail: the page then leaves that part out.
 */
import { type AccountLicense } from '../../contract/account';
import { type OrganizationCard } from '../../contract/team';
import { apiCall } from '../shared/api';
import { useLoad } from '../shared/use-load';
import { isGetAccountLicenseAnswer } from '../../generated/answers/GetAccountLicenseAnswer';
import { isGetOrganizationAnswer } from '../../generated/answers/GetOrganizationAnswer';

export interface AccountExtras {
  organization: OrganizationCard | null;
  license: AccountLicense | null;
}

const loadExtras = async (): Promise<AccountExtras> => {
  const [organization, license] = await Promise.all([
    apiCall('GET', '/api/organization', isGetOrganizationAnswer).then(
      (answer) => answer.organization,
      () => null,
    ),
    apiCall('GET', '/api/account/license', isGetAccountLicenseAnswer).catch(() => null),
  ]);
  return { organization, license };
};
/** Failures are caught per call above; nothing is left to describe. */
const none = () => null;

/** Null while loading. */
export function useAccountExtras(): AccountExtras | null {
  const { state } = useLoad(loadExtras, none);
  return state.kind === 'ready' ? state.value : null;
}
