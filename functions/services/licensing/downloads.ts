/**
 * Which installer an account may download: Trial
 * accounts stay on the version they signed up with, Standard and Enterprise get the newest.
 * Installers live in R2 under `installer.key(version)`.
 */
import { installer, plans, site } from '../../../src/site.config';
import { fail } from '../../lib/errors';
import type { Deps } from '../shared/deps';
import { currentLicense } from './licenses';

/** Versions we put into object keys and file names: digits, letters, dots, `-` and `+` only. */
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/;

/** The installer an account gets: its version, R2 key and the file name the browser saves. */
export interface InstallerChoice {
  version: string;
  key: string;
  fileName: string;
}

/**
 * Picks the installer for the user's current license. Any license state may download: the plugin
 * itself refuses to run without a valid license. An account without a license has nothing to get.
 */
export async function installerFor(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<InstallerChoice> {
  const license = await currentLicense(db, userId);
  if (!license) throw fail('DOWNLOAD_UNAVAILABLE');
  const plan = Object.values(plans).find((candidate) => candidate.label === license.plan);
  const version = plan?.pluginUpdates
    ? site.currentVersion
    : (license.appVersion ?? site.currentVersion);
  if (!VERSION_PATTERN.test(version)) {
    // Only our own code writes versions; a malformed one must still never reach a header.
    console.error(`License ${license.id} has a malformed app version`);
    throw fail('DOWNLOAD_UNAVAILABLE');
  }
  return { version, key: installer.key(version), fileName: installer.fileName(version) };
}
