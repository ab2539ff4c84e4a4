/**
 * The "Plugin updates" rule of the plans (`pluginUpdates`): Standard and Enterprise get every new
 * version; a Trial stays on the version its trial was issued for. The dashboard download and the
 * plugin's update check both ask it.
 */
import type { LicenseRow } from '../../db/schema';
import type { PlanLabel } from '../../../src/contract/user';
import type { Release } from '../../../src/releases/releases';
import { isVersion } from '../../../src/releases/versions';
import { plans } from '../../../src/site.config';
import { currentVersionOf } from './catalog';

/** Whether the plan includes plugin updates (`plans[…].pluginUpdates`). */
export function includesUpdates(plan: PlanLabel): boolean {
  return Object.values(plans).find((candidate) => candidate.label === plan)?.pluginUpdates ?? false;
}

/**
 * The newest version the license may have; undefined when it may have every release (a paid
 * plan). A Trial's is the version it was issued for (`appVersion`), or the current version for a
 * license without a readable one.
 */
export function versionCeiling(
  license: Pick<LicenseRow, 'plan' | 'appVersion'>,
  releases: readonly Release[],
): string | undefined {
  if (includesUpdates(license.plan)) return undefined;
  const issuedFor = license.appVersion;
  return issuedFor !== null && isVersion(issuedFor) ? issuedFor : currentVersionOf(releases);
}
