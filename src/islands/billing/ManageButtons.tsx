/**
 * Account management on Billing & Invoices: what the server's `actions` allow. Trial → upgrade
 * (the same checkout as the dashboard), or for a team of 5 or more, pay by bank transfer (the
 * bank-transfer form, loaded when asked for); a card customer → Manage card (the payment
 * provider's portal), a renewing subscription → Cancel subscription, Enterprise → contact us.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { upgradeByInvoice } from '../../contract/invoice-notice-texts';
import type { InvoicePurchase } from '../shared/BankTransferDialog';
import { type BillingOverview } from '../../contract/billing';
import { Messages } from '../../contract/messages';
import { plans } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { upgradeBusyText, upgradeNetwork, useUpgrade } from '../shared/upgrade';
import { leftForLogin } from '../shared/session-ended';
import { formatDate } from '../../lib/format';
import { isOpenBillingPortalAnswer } from '../../generated/answers/OpenBillingPortalAnswer';

export const portalFailed = 'We could not open the card page. Please try again.';

const BankTransferDialog = lazy(async () => ({
  default: (await import('../shared/BankTransferDialog')).BankTransferDialog,
}));

/** The bank-transfer form's confirmation, loaded with the form. */
async function buyByInvoice(purchase: InvoicePurchase): Promise<void> {
  await (await import('./invoice-upgrade')).buyByInvoice(purchase);
}

interface Props {
  overview: BillingOverview;
  onCancel: () => void;
  onResume: () => void;
}

export function ManageButtons({ overview, onCancel, onResume }: Props) {
  const { actions, subscription } = overview;
  const upgrade = useUpgrade();
  const portal = usePortal();
  /** The bank-transfer form, once asked for (then kept, so it closes with its animation). */
  const [invoice, setInvoice] = useState<{ open: boolean; purchaseId: string } | null>(null);
  const ending =
    subscription !== null &&
    (subscription.status === 'cancelling' ||
      (subscription.status !== 'canceled' && subscription.cancelAtPeriodEnd));
  const error = upgrade.error ?? portal.error;
  const nothing = !actions.upgrade && !actions.manageCard && !actions.cancel && !actions.resume;
  // A Standard account whose subscription ended buys the plan again rather than upgrading.
  const renew = overview.plan === 'Standard';
  const buyLabel = renew ? 'Renew Standard' : 'Upgrade to Standard';

  return (
    <div className="billing-manage">
      {actions.upgrade && renew && (
        <p>
          Your subscription has ended. Renew {plans.standard.name} for another year:{' '}
          {plans.standard.priceLabel} {plans.standard.period}.
        </p>
      )}
      {actions.upgrade && !renew && (
        <p>
          Upgrade to {plans.standard.name} to keep every feature for a full year:{' '}
          {plans.standard.priceLabel} {plans.standard.period}, {plans.standard.deviceLimit} active
          devices, e-mail support and all future updates.
        </p>
      )}
      {overview.plan === 'Enterprise' && (
        <p>
          Your Enterprise plan is billed by agreement. <a href="/about">Contact us</a> for any
          change to it.
        </p>
      )}
      {ending && (
        <p>
          Your subscription will not renew. Your license stays active until{' '}
          {formatDate(subscription.currentPeriodEnd ?? overview.licenseExpiresAt)}.
          {actions.resume && ' Until then you can resume it, and it renews as before.'}
        </p>
      )}
      {nothing && overview.plan === 'Standard' && !ending && <p>{Messages.noSubscription}</p>}
      {(actions.upgrade || actions.manageCard || actions.cancel || actions.resume) && (
        <div className="form-actions billing-actions">
          {actions.resume && (
            <button type="button" className="button" onClick={onResume}>
              Resume subscription
            </button>
          )}
          {actions.upgrade && (
            <button
              type="button"
              className="button"
              onClick={upgrade.start}
              // aria-disabled, not disabled: the focused button keeps focus if the call fails.
              aria-disabled={upgrade.busy}
            >
              {upgrade.busy ? upgradeBusyText : buyLabel}
            </button>
          )}
          {actions.upgrade && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() =>
                setInvoice({ open: true, purchaseId: invoice?.purchaseId ?? crypto.randomUUID() })
              }
            >
              {upgradeByInvoice}
            </button>
          )}
          {actions.manageCard && (
            <button
              type="button"
              className="button button-secondary"
              onClick={portal.open}
              aria-disabled={portal.busy}
            >
              {portal.busy ? 'Opening...' : 'Manage card'}
            </button>
          )}
          {actions.cancel && (
            <button type="button" className="button billing-cancel" onClick={onCancel}>
              Cancel subscription
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {invoice && (
        <Suspense fallback={null}>
          <BankTransferDialog
            open={invoice.open}
            onClose={() => setInvoice({ ...invoice, open: false })}
            purchaseId={invoice.purchaseId}
            details={overview.details}
            onConfirm={buyByInvoice}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Manage card: POST /api/billing/portal, then the browser goes to the provider's page. */
export function usePortal() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from the provider's page may restore this page from the back/forward cache, still busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const open = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    apiCall('POST', '/api/billing/portal', isOpenBillingPortalAnswer)
      .then(({ url }) => window.location.assign(url))
      .catch((failure: unknown) => {
        setBusy(false);
        if (leftForLogin(failure)) return;
        setError(messageFor(failure, portalFailed, upgradeNetwork));
      });
  };

  return { busy, error, open };
}
