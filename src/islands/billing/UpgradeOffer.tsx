/**
 * Account management's offer to an account that may buy Standard: a Trial upgrades, a Standard
 * account whose subscription ended renews. The card checkout (the same as the dashboard's), or for
 * a team of 5 or more, the bank-transfer form (loaded when asked for). Only those accounts see it,
 * so it loads when one does (ManageButtons.tsx), with the checkout call.
 */
import { lazy, Suspense, useState } from 'react';
import { upgradeByInvoice } from '../../contract/invoice-notice-texts';
import type { InvoicePurchase } from '../shared/BankTransferDialog';
import { type BillingOverview } from '../../contract/billing';
import { plans } from '../../site.config';
import { upgradeBusyText, useUpgrade } from '../shared/upgrade';

const BankTransferDialog = lazy(async () => ({
  default: (await import('../shared/BankTransferDialog')).BankTransferDialog,
}));

/** The bank-transfer form's confirmation, loaded with the form. */
async function buyByInvoice(purchase: InvoicePurchase): Promise<void> {
  await (await import('./invoice-upgrade')).buyByInvoice(purchase);
}

export function UpgradeOffer({ overview }: { overview: BillingOverview }) {
  const upgrade = useUpgrade();
  /** The bank-transfer form, once asked for (then kept, so it closes with its animation). */
  const [invoice, setInvoice] = useState<{ open: boolean; purchaseId: string } | null>(null);
  // A Standard account whose subscription ended buys the plan again rather than upgrading.
  const renew = overview.plan === 'Standard';
  return (
    <>
      {renew ? (
        <p>
          Your subscription has ended. Renew {plans.standard.name} for another year:{' '}
          {plans.standard.priceLabel} {plans.standard.period}.
        </p>
      ) : (
        <p>
          Upgrade to {plans.standard.name} to keep every feature for a full year:{' '}
          {plans.standard.priceLabel} {plans.standard.period}, {plans.standard.deviceLimit} active
          devices, e-mail support and all future updates.
        </p>
      )}
      <div className="form-actions billing-actions">
        <button
          type="button"
          className="button"
          onClick={upgrade.start}
          // aria-disabled, not disabled: the focused button keeps focus if the call fails.
          aria-disabled={upgrade.busy}
        >
          {upgrade.busy ? upgradeBusyText : renew ? 'Renew Standard' : 'Upgrade to Standard'}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            setInvoice({ open: true, purchaseId: invoice?.purchaseId ?? crypto.randomUUID() })
          }
        >
          {upgradeByInvoice}
        </button>
      </div>
      {upgrade.error && (
        <p className="form-error" role="alert">
          {upgrade.error}
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
    </>
  );
}
