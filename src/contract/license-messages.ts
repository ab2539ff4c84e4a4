// Explicit .ts extensions: the reference client (scripts/license-client.ts) runs this file under
// plain Node (type stripping), which resolves no extensionless paths.
import { site } from '../site.config.ts';
import { Messages } from './messages.ts';

/**
 * What a check of a license on a device can say (src/contract/licensing.ts), as the server answers
 * it (`message`) and the plugin tells the user, also offline. Each one says what to do next.
 */
export const LicenseStatusMessages = {
  VALID: 'Your license is valid on this device.',
  EXPIRED: `This license has expired. Renew it or upgrade from your dashboard to keep using ${site.product}.`,
  SUSPENDED:
    'This license is suspended because a payment did not go through. Update your payment method on your dashboard under Billing & Invoices.',
  REVOKED:
    'This license key is no longer valid: it was revoked or replaced by a newer key. Use the key shown on your dashboard, or contact support.',
  NOT_FOUND: 'No license has this key. Check the key shown on your dashboard and try again.',
  DEVICE_NOT_ACTIVATED:
    'This device is not activated for this license. Activate it in the License Manager.',
  TOO_MANY_DEVICES: Messages.tooManyDevices,
} as const;
