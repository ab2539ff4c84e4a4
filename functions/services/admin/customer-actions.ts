/** Runs one customer action of the console by its name (POST /api/admin/customers/:id/actions). */
import type { CustomerActionBody } from '../../../src/contract/schemas/admin-requests';
import { ConsoleMessages } from '../../../src/contract/messages';
import type { Deps } from '../shared/deps';
import {
  extendLicense,
  freeDevice,
  replaceKey,
  resendLicenseMail,
  resetDeactivations,
  restoreAccount,
  scheduleDeletion,
  setLicenseStatus,
  signOutEverywhere,
} from './actions';
import type { OperatorAct } from './audit';
import { cancelSubscription, refundPayment, resumeCustomerSubscription } from './money';

/** Runs the action; answers the message to show. */
export async function runCustomerAction(
  deps: Deps,
  act: OperatorAct,
  userId: string,
  body: CustomerActionBody,
): Promise<string> {
  switch (body.action) {
    case 'extend-license':
      await extendLicense(deps, act, userId, body);
      return ConsoleMessages.licenseExtended;
    case 'suspend-license':
      await setLicenseStatus(deps, act, userId, { licenseId: body.licenseId, to: 'suspended' });
      return ConsoleMessages.licenseSuspended;
    case 'reinstate-license':
      await setLicenseStatus(deps, act, userId, { licenseId: body.licenseId, to: 'active' });
      return ConsoleMessages.licenseReinstated;
    case 'revoke-license':
      await setLicenseStatus(deps, act, userId, { licenseId: body.licenseId, to: 'revoked' });
      return ConsoleMessages.licenseRevoked;
    case 'free-device':
      await freeDevice(deps, act, userId, body);
      return ConsoleMessages.deviceFreed;
    case 'reset-deactivations':
      await resetDeactivations(deps, act, userId, body);
      return ConsoleMessages.deactivationsReset;
    case 'replace-key':
      await replaceKey(deps, act, userId, body);
      return ConsoleMessages.keyReplaced;
    case 'resend-license-mail':
      await resendLicenseMail(deps, act, userId);
      return ConsoleMessages.licenseMailResent;
    case 'sign-out-everywhere':
      await signOutEverywhere(deps, act, userId);
      return ConsoleMessages.signedOutEverywhere;
    case 'cancel-subscription':
      await cancelSubscription(deps, act, userId, body);
      return body.when === 'now'
        ? ConsoleMessages.subscriptionCancelledNow
        : ConsoleMessages.subscriptionCancelledAtPeriodEnd;
    case 'resume-subscription':
      await resumeCustomerSubscription(deps, act, userId);
      return ConsoleMessages.subscriptionResumed;
    case 'refund-payment':
      await refundPayment(deps, act, userId, body);
      return body.cancelSubscription
        ? ConsoleMessages.paymentRefundedAndCancelled
        : ConsoleMessages.paymentRefunded;
    case 'schedule-deletion':
      await scheduleDeletion(deps, act, userId);
      return ConsoleMessages.deletionScheduled;
    case 'restore-account':
      await restoreAccount(deps, act, userId);
      return ConsoleMessages.accountRestored;
  }
}
