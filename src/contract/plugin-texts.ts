/**
 * What the plugin says by itself, with no answer of the server to show: the server cannot be
 * reached, the saved license file fails its offline check, or an offered update is refused. What
 * the plugin API answers is in catalogue.ts.
 */
// Explicit .ts extensions: the reference client (scripts/license-client.ts) runs this file under
// plain Node (type stripping), which resolves no extensionless paths.
import { site } from '../site.config.ts';

/** What the plugin says when the license server cannot be reached: it keeps working offline. */
export const LicenseServerUnreachable = `Could not reach the license server. ${site.product} keeps working offline until your license file expires; check your connection and try again.`;

/**
 * What the plugin tells the user when its offline check of the saved license file fails (see
 * `verifyLicenseFile` in scripts/license-client-core.ts), by reason. No server is asked, so each
 * says how to get a good file again.
 */
export const LicenseFileMessages = {
  MALFORMED: 'The license file is damaged. Activate this device again to get a new one.',
  UNKNOWN_KEY:
    'The license file was signed with a key this client does not know. Go online and validate the license to refresh the public key.',
  BAD_SIGNATURE: `The license file has been altered or was not issued by ${site.product}. Activate this device again.`,
  WRONG_ISSUER: `The license file is not a ${site.product} license file.`,
  EXPIRED: `The license file has expired: connect to the internet so ${site.product} can validate your license, or renew it if the license itself has ended.`,
  WRONG_DEVICE:
    'The license file belongs to another computer. Activate this device with your license key.',
} as const;

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
