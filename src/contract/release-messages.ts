// Explicit .ts extensions: the reference client (scripts/license-client.ts) runs this file under
// plain Node (type stripping), which resolves no extensionless paths.
import { site } from '../site.config.ts';
import { errorCatalogue } from './catalogue.ts';

/**
 * What the plugin's update check answers (`message`, src/contract/releases.ts) and the plugin
 * tells the user. A license that is not valid answers as validate does (LicenseStatusMessages).
 */
export const UpdateCheckMessages = {
  upToDate: (version: string) => `You have the newest version of ${site.product} (${version}).`,
  available: (version: string) =>
    `${site.product} ${version} is available. Download it and install it over the version you have; your license and settings stay.`,
  /** SPEC §9: plugin updates are for Standard and Enterprise, not for the Free Trial. */
  notIncluded: (version: string) =>
    `A newer version, ${site.product} ${version}, is available. Plugin updates come with Standard, which includes all future updates: upgrade from your dashboard.`,
} as const;

/** 403 on a download link the update check did not issue, or one past its 15 minutes. */
export const downloadLinkInvalid = errorCatalogue.DOWNLOAD_LINK_INVALID.message;

/**
 * What the plugin tells the user when it refuses an update it was offered (see `checkForUpdate`
 * and `downloadUpdate` in scripts/license-client-core.ts): nothing is installed.
 */
export const UpdateRefusedMessages = {
  BAD_MANIFEST: `The update offer is not signed by ${site.product}, or has been altered. Nothing was installed; check for updates again later.`,
  UNKNOWN_KEY:
    'The update offer was signed with a key this plugin does not know. Validate your license online to refresh the public key, then check again.',
  EXPIRED: 'The update offer has expired. Check for updates again.',
  WRONG_DEVICE: 'The update offer was made for another computer. Check for updates again.',
  NOT_NEWER: 'The update offer is not newer than the version you have. Nothing was installed.',
  MISMATCH: `The update offer's details do not match its signature. Nothing was installed; check for updates again later.`,
  SIZE_MISMATCH:
    'The downloaded installer does not have the size the update offer promised. It was deleted; check for updates again.',
  HASH_MISMATCH:
    'The downloaded installer is not the file the update offer promised (SHA-256 differs). It was deleted; check for updates again.',
} as const;
