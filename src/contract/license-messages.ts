// Explicit .ts extensions: the reference client (scripts/license-client.ts) runs this file under
// plain Node (type stripping), which resolves no extensionless paths.
import { site } from '../site.config.ts';
import { errorCatalogue } from './catalogue.ts';

/**
 * What a check of a license on a device can say (src/contract/licensing.ts), as the server answers
 * it (`message`) and the plugin tells the user, also offline. A refusal says what its error code
 * says; NOT_FOUND has a text of its own for a license key. Each one says what to do next.
 */
export const LicenseStatusMessages = {
  VALID: 'Your license is valid on this device.',
  EXPIRED: errorCatalogue.EXPIRED.message,
  SUSPENDED: errorCatalogue.SUSPENDED.message,
  REVOKED: errorCatalogue.REVOKED.message,
  NOT_FOUND: 'No license has this key. Check the key shown on your dashboard and try again.',
  DEVICE_NOT_ACTIVATED: errorCatalogue.DEVICE_NOT_ACTIVATED.message,
  TOO_MANY_DEVICES: errorCatalogue.TOO_MANY_DEVICES.message,
} as const;

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
