/**
 * Which installer an account may download (issue 5 "Download", SPEC §9 "Plugin updates"): Trial
 * accounts stay on the version they signed up with, Standard and Enterprise get the newest.
 * Installers live in R2 under `installer.key(version)`.
 */
import { ErrorCode, Messages } from '../../src/contract/errors';
import { installer, plans, site } from '../../src/site.config';
import { ApiError } from '../lib/errors';
import type { Db } from './db';
import { currentLicense } from './licenses';

/** Versions we put into object keys and file names: digits, letters, dots, `-` and `+` only. */
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/;

/** 404 DOWNLOAD_UNAVAILABLE: nothing to download for this account right now. */
export function downloadUnavailable(): ApiError {
  return new ApiError(404, ErrorCode.DOWNLOAD_UNAVAILABLE, Messages.downloadUnavailable);
}

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
export async function installerFor(db: Db, userId: string): Promise<InstallerChoice> {
  const license = await currentLicense(db, userId);
  if (!license) throw downloadUnavailable();
  const plan = Object.values(plans).find((candidate) => candidate.label === license.plan);
  const version = plan?.pluginUpdates
    ? site.currentVersion
    : (license.appVersion ?? site.currentVersion);
  if (!VERSION_PATTERN.test(version)) {
    // Only our own code writes versions; a malformed one must still never reach a header.
    console.error(`License ${license.id} has a malformed app version`);
    throw downloadUnavailable();
  }
  return { version, key: installer.key(version), fileName: installer.fileName(version) };
}
