/**
 * The account's Enterprise organization (GET /api/organization), for My Account's Organization
 * card and the Usage page's team note. Null while loading, for no organization and on failure:
 * the pages show their other content either way.
 */
import { useEffect, useState } from 'react';
import { organizationResponseSchema, type OrganizationCard } from '../../contract/team';
import { apiCall } from './api';

/** The account's organization card; null while loading, for no organization or on failure. */
export function useOrganization(): OrganizationCard | null {
  const [card, setCard] = useState<OrganizationCard | null>(null);
  useEffect(() => {
    let live = true;
    apiCall('GET', '/api/organization', organizationResponseSchema).then(
      (answer) => live && setCard(answer.organization),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return card;
}
