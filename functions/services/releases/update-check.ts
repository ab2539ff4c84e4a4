/**
 * POST /api/releases/check: what the plugin is told when it checks for updates. The license is
 * checked as validate checks it (same statuses, same rate limit, the device seen again with the
 * version it runs); then the newest release on the asked channel decides: none newer → up to
 * date; one the plan includes (entitlement.ts) → an offer with a signed manifest; only ones it
 * does not (a Trial) → the newest, and where to upgrade.
 */
import type { UpdateCheckBody, UpdateCheckResponse } from '../../../src/contract/schemas/releases';
import { UpdateCheckMessages } from '../../../src/contract/catalogue';
import { compareVersions } from '../../../src/releases/versions';
import { checkDevice } from '../core/licenses/plugin-calls';
import type { Deps } from '../shared/deps';
import { newerThan, newestRelease, onChannel } from './catalog';
import { versionCeiling } from './entitlement';
import { notesUrl, offerRelease } from './manifest';

/** Where a Trial upgrades: the dashboard's upgrade box (the browser signs in first if it must). */
const UPGRADE_PATH = '/dashboard';

/** Always an answer, never an error, for a well-formed request (like validate). */
export async function checkForUpdate(
  deps: Deps,
  body: UpdateCheckBody,
): Promise<UpdateCheckResponse> {
  const checked = await checkDevice(deps, {
    licenseKey: body.licenseKey,
    deviceId: body.deviceId,
    appVersion: body.currentVersion,
  });
  if (!checked.ok) return { status: checked.status, message: checked.message };

  const offered = onChannel(deps.releases, body.channel);
  const newer = newerThan(offered, body.currentVersion);
  const latest = newestRelease(newer);
  if (!latest) {
    return {
      status: 'UP_TO_DATE',
      message: UpdateCheckMessages.upToDate(body.currentVersion),
      latestVersion: newestRelease(offered)?.version ?? body.currentVersion,
    };
  }

  const { license } = checked.keyed;
  const ceiling = versionCeiling(license, deps.releases);
  const included =
    ceiling === undefined
      ? latest
      : newestRelease(newer.filter((release) => compareVersions(release.version, ceiling) <= 0));
  if (included) {
    const offer = await offerRelease(deps, license, checked.device.deviceId, included);
    return {
      status: 'UPDATE_AVAILABLE',
      message: UpdateCheckMessages.available(included.version),
      ...offer,
    };
  }
  return {
    status: 'UPDATE_NOT_INCLUDED',
    message: UpdateCheckMessages.notIncluded(latest.version),
    latestVersion: latest.version,
    notesUrl: notesUrl(deps.origin, latest.version),
    upgradeUrl: new URL(UPGRADE_PATH, deps.origin).href,
  };
}
