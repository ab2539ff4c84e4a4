/**
 * Which installer a caller may download. The dashboard (GET /api/download): Trial accounts stay
 * on the version they signed up with, Standard and Enterprise get the current one. The plugin
 * (GET /api/releases/download/:version): the version its update check offered, through the
 * short-lived link that came with the offer. Installers live in R2 under each release's key.
 */
import { isVersion } from '../../../src/releases/versions';
import { installer } from '../../../src/site.config';
import { fail } from '../../lib/errors';
import { findActiveDevice } from '../core/licenses/devices';
import { currentLicense } from '../core/licenses/licenses';
import type { Deps } from '../shared/deps';
import { currentVersionOf, findRelease } from './catalog';
import { verifyDownloadToken } from './download-links';
import { includesUpdates } from './entitlement';

/** The installer a caller gets: its version, R2 key and the file name the browser saves. */
export interface InstallerChoice {
  version: string;
  key: string;
  fileName: string;
}

/** A version's installer: the key its release entry names (the naming rule for older ones). */
function choice({ releases }: Pick<Deps, 'releases'>, version: string): InstallerChoice {
  const key = findRelease(releases, version)?.installer.key ?? installer.key(version);
  return { version, key, fileName: installer.fileName(version) };
}

/**
 * Picks the installer for the user's current license. Any license state may download: the plugin
 * itself refuses to run without a valid license. An account without a license has nothing to get.
 */
export async function installerFor(
  deps: Pick<Deps, 'db' | 'releases'>,
  userId: string,
): Promise<InstallerChoice> {
  const license = await currentLicense(deps.db, userId);
  if (!license) throw fail('DOWNLOAD_UNAVAILABLE');
  const current = currentVersionOf(deps.releases);
  const version = includesUpdates(license.plan) ? current : (license.appVersion ?? current);
  if (!isVersion(version)) {
    // Only our own code writes versions; a malformed one must still never reach a header.
    console.error(`License ${license.id} has a malformed app version`);
    throw fail('DOWNLOAD_UNAVAILABLE');
  }
  return choice(deps, version);
}

/**
 * The installer an update check offered: the link's token must be ours, unexpired and for this
 * version (403 DOWNLOAD_LINK_INVALID otherwise), its device still active on its license (404
 * DEVICE_NOT_ACTIVATED once the device was freed, even within the link's 15 minutes), and the
 * version a release we ship (404).
 */
export async function installerForLink(
  deps: Pick<Deps, 'db' | 'now' | 'secrets' | 'releases'>,
  version: string,
  token: string,
): Promise<InstallerChoice> {
  const grant = await verifyDownloadToken(deps.secrets.jwtSecret, token, version, deps.now);
  if (!(await findActiveDevice(deps.db, grant.licenseId, grant.deviceId))) {
    throw fail('DEVICE_NOT_ACTIVATED');
  }
  if (!findRelease(deps.releases, version)) throw fail('DOWNLOAD_UNAVAILABLE');
  return choice(deps, version);
}
