/**
 * What My Account shows beside the user object: the Enterprise organization (GET
 * /api/organization) and the license's devices and renewal (GET /api/account/license), asked
 * together so the page settles once. Either may fail: the page then leaves that part out.
 */
import { useEffect, useState } from 'react';
import { type AccountLicense } from '../../contract/account';
import { type OrganizationCard } from '../../contract/team';
import { leavingForLogin } from '../../lib/auth/guard';
import { apiCall } from '../shared/api';
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
/**
 * Null while loading. Loaded once, after hydration: neither call fails (each is caught above), so
 * there is nothing to retry, and this page needs none of use-load.ts's retry and refresh.
 */
export function useAccountExtras(): AccountExtras | null {
  const [extras, setExtras] = useState<AccountExtras | null>(null);
  useEffect(() => {
    if (leavingForLogin()) return;
    let live = true;
    void loadExtras().then((value) => live && setExtras(value));
    return () => {
      live = false;
    };
  }, []);
  return extras;
}
