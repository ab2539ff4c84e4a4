/**
 * The customer page's actions (contract `customerActions`): what each confirm dialog says, which
 * section shows its result, and the body POST /api/admin/customers/:id/actions receives (see
 * admin-requests.ts on the Worker). Pure, so they are unit-tested.
 */
import type {
  AdminDevice,
  AdminInvoice,
  AdminLicense,
  AdminSubscription,
  CustomerAction,
  CustomerDetail,
} from '../../contract/admin';
import { formatDate, formatMoney } from '../../lib/format';

type LicenseAction =
  | 'extend-license'
  | 'suspend-license'
  | 'reinstate-license'
  | 'revoke-license'
  | 'reset-deactivations'
  | 'replace-key';
type AccountAction =
  'resend-license-mail' | 'sign-out-everywhere' | 'schedule-deletion' | 'restore-account';

/** An action the operator has started, with what it acts on. */
export type Pending =
  | { action: LicenseAction; license: AdminLicense }
  | { action: 'free-device'; device: AdminDevice }
  | { action: AccountAction }
  | { action: 'cancel-subscription' | 'resume-subscription'; subscription: AdminSubscription }
  | { action: 'refund-payment'; invoice: AdminInvoice };

/** The action's own input, beside the reason. */
export interface ActionInput {
  /** Days to extend by, as typed (the server checks it). */
  days: string;
  when: 'period-end' | 'now';
  /** A full refund also ends the customer's running subscription now. */
  cancelSubscription: boolean;
}

export const defaultInput: ActionInput = {
  days: '7',
  when: 'period-end',
  cancelSubscription: false,
};

/** The sections of the customer page that show an action's result. */
export type ActionSection =
  'account' | 'licenses' | 'devices' | 'sessions' | 'subscription' | 'invoices';

const sections: Record<CustomerAction, ActionSection> = {
  'extend-license': 'licenses',
  'suspend-license': 'licenses',
  'reinstate-license': 'licenses',
  'revoke-license': 'licenses',
  'reset-deactivations': 'licenses',
  'replace-key': 'licenses',
  'resend-license-mail': 'licenses',
  'free-device': 'devices',
  'sign-out-everywhere': 'sessions',
  'cancel-subscription': 'subscription',
  'resume-subscription': 'subscription',
  'refund-payment': 'invoices',
  'schedule-deletion': 'account',
  'restore-account': 'account',
};

export function sectionOf(action: CustomerAction): ActionSection {
  return sections[action];
}

/** The JSON body of the action. */
export function actionBody(
  pending: Pending,
  reason: string,
  input: ActionInput,
): Record<string, unknown> {
  const base = { action: pending.action, reason };
  switch (pending.action) {
    case 'extend-license':
      return { ...base, licenseId: pending.license.id, days: Number(input.days.trim() || 0) };
    case 'suspend-license':
    case 'reinstate-license':
    case 'revoke-license':
    case 'reset-deactivations':
    case 'replace-key':
      return { ...base, licenseId: pending.license.id };
    case 'free-device':
      return { ...base, deviceRowId: pending.device.id };
    case 'cancel-subscription':
      return { ...base, when: input.when };
    case 'refund-payment':
      return input.cancelSubscription
        ? { ...base, invoiceId: pending.invoice.id, cancelSubscription: true }
        : { ...base, invoiceId: pending.invoice.id };
    default:
      return base;
  }
}

export interface ActionText {
  title: string;
  /** What happens, said before the operator confirms. */
  explain: string;
  confirm: string;
  busy: string;
  /** Destructive actions are red. */
  tone: 'danger' | 'primary';
}

/** The confirm dialog's words for the action. */
export function actionText(pending: Pending, account: CustomerDetail['account']): ActionText {
  const danger = (text: Omit<ActionText, 'tone'>): ActionText => ({ ...text, tone: 'danger' });
  const primary = (text: Omit<ActionText, 'tone'>): ActionText => ({ ...text, tone: 'primary' });
  switch (pending.action) {
    case 'extend-license':
      return primary({
        title: 'Extend the license',
        explain: `Moves the end date of ${pending.license.licenseKey} later by the days below, counted from today if it has passed. An expired license becomes active again; a suspended one stays suspended.`,
        confirm: 'Extend license',
        busy: 'Extending...',
      });
    case 'suspend-license':
      return danger({
        title: 'Suspend this license?',
        explain: `The plugin stops working on every device of ${pending.license.licenseKey} at its next check (it is told SUSPENDED) until the license is reinstated. Devices stay activated.`,
        confirm: 'Suspend license',
        busy: 'Suspending...',
      });
    case 'reinstate-license':
      return primary({
        title: 'Reinstate this license?',
        explain: `${pending.license.licenseKey} works again at the plugin's next check, until its end date.`,
        confirm: 'Reinstate license',
        busy: 'Reinstating...',
      });
    case 'revoke-license':
      return danger({
        title: 'Revoke this license?',
        explain: `Cannot be undone: the plugin is told REVOKED for ${pending.license.licenseKey} and every device on it is freed. To give the customer a new key instead, use Replace key.`,
        confirm: 'Revoke license',
        busy: 'Revoking...',
      });
    case 'reset-deactivations': {
      const { used, windowDays } = pending.license.deactivations;
      return primary({
        title: 'Reset the deactivation budget?',
        explain: `Forgives the ${used} deactivation${used === 1 ? '' : 's'} counted in the last ${windowDays} days, so the customer can move the license to another computer again.`,
        confirm: 'Reset deactivations',
        busy: 'Resetting...',
      });
    }
    case 'replace-key':
      return danger({
        title: 'Issue a replacement key?',
        explain: `For a leaked key: a new key with the same plan and dates becomes the current license and is e-mailed to ${account.email}. The old key ${pending.license.licenseKey} is revoked (the plugin is told REVOKED) and its devices are freed.`,
        confirm: 'Replace key',
        busy: 'Replacing...',
      });
    case 'resend-license-mail':
      return primary({
        title: 'Resend the license e-mail?',
        explain: `The welcome e-mail with the current license key is sent again to ${account.email}.`,
        confirm: 'Resend e-mail',
        busy: 'Queuing...',
      });
    case 'sign-out-everywhere':
      return danger({
        title: 'Sign the customer out everywhere?',
        explain:
          'Every browser and API session of the account ends at once; the customer signs in again. Plugin activations are not affected.',
        confirm: 'Sign out everywhere',
        busy: 'Signing out...',
      });
    case 'free-device':
      return danger({
        title: 'Free this device?',
        explain: `"${pending.device.deviceName}" is deactivated: the plugin there is told DEVICE_NOT_ACTIVATED at its next check, and its place is free for another computer. It does not count against the customer's deactivation budget.`,
        confirm: 'Free device',
        busy: 'Freeing...',
      });
    case 'cancel-subscription':
      return danger({
        title: 'Cancel the subscription?',
        explain: `Subscription ${pending.subscription.stripeSubscriptionId} stops. Nothing is refunded by this: to give money back as well, refund the payment under Invoices and refunds.`,
        confirm: 'Cancel subscription',
        busy: 'Cancelling...',
      });
    case 'resume-subscription':
      return primary({
        title: 'Resume the subscription?',
        explain: `Subscription ${pending.subscription.stripeSubscriptionId} renews again on ${pending.subscription.currentPeriodEnd ? formatDate(pending.subscription.currentPeriodEnd) : 'the end of the paid period'}, charging the card on file, and every year after that until cancelled. The customer is e-mailed that it will renew.`,
        confirm: 'Resume subscription',
        busy: 'Resuming...',
      });
    case 'refund-payment': {
      const { invoice } = pending;
      return danger({
        title: 'Refund this payment?',
        explain: `${formatMoney(invoice.amountPaid, invoice.currency)} of ${invoice.number ?? invoice.id} (${formatDate(invoice.created)}) goes back to the customer's card through the payment provider, in full. This cannot be undone. The subscription is left as it is unless you tick the box below.`,
        confirm: 'Refund payment',
        busy: 'Refunding...',
      });
    }
    case 'schedule-deletion':
      return danger({
        title: 'Schedule this account for deletion?',
        explain:
          "As the customer's own Delete Account: the account is marked deleted, its sessions end, its devices are freed and the subscription stops renewing. It is purged after the retention window and can be restored until then.",
        confirm: 'Schedule deletion',
        busy: 'Scheduling...',
      });
    case 'restore-account':
      return primary({
        title: 'Restore this account?',
        explain:
          'The account and its current license come back (expired if its end date has passed). Sessions and freed devices stay ended: the customer signs in and activates again.',
        confirm: 'Restore account',
        busy: 'Restoring...',
      });
  }
}
