/**
 * Account management on Billing & Invoices: what the server's `actions` allow. Trial → upgrade
 * (the same checkout as the dashboard), or for a team of 5 or more, pay by bank transfer
 * (UpgradeOffer.tsx, loaded only for an account offered it); a card customer → Manage card (the
 * payment provider's portal), a renewing subscription → Cancel subscription, Enterprise → contact
 * us.
 */
import { useEffect, useState } from 'react';
import { type BillingOverview } from '../../contract/billing';
import { Messages } from '../../contract/messages';
import { apiCall, messageFor } from '../shared/api';
import { lazyPart } from '../shared/lazy-part';
import { leftForLogin } from '../shared/session-ended';
import { formatDate } from '../../lib/format';
import { isOpenBillingPortalAnswer } from '../../generated/answers/OpenBillingPortalAnswer';

export const portalFailed = 'We could not open the card page. Please try again.';
const portalNetwork = 'Network error. Please check your connection and try again.';

const UpgradeOffer = lazyPart(async () => (await import('./UpgradeOffer')).UpgradeOffer);

interface Props {
  overview: BillingOverview;
  onCancel: () => void;
  onResume: () => void;
}

export function ManageButtons({ overview, onCancel, onResume }: Props) {
  const { actions, subscription } = overview;
  const portal = usePortal();
  const ending =
    subscription !== null &&
    (subscription.status === 'cancelling' ||
      (subscription.status !== 'canceled' && subscription.cancelAtPeriodEnd));
  const nothing = !actions.upgrade && !actions.manageCard && !actions.cancel && !actions.resume;

  return (
    <div className="billing-manage">
      {actions.upgrade && <UpgradeOffer overview={overview} />}
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
      {(actions.manageCard || actions.cancel || actions.resume) && (
        <div className="form-actions billing-actions">
          {actions.resume && (
            <button type="button" className="button" onClick={onResume}>
              Resume subscription
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
      {portal.error && (
        <p className="form-error" role="alert">
          {portal.error}
        </p>
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
        setError(messageFor(failure, portalFailed, portalNetwork));
      });
  };

  return { busy, error, open };
}
