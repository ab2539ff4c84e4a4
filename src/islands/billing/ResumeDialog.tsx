/**
 * The resume confirmation: the subscription set to end renews again on its date, for the amount
 * with tax the renewal charges (the same figure as the e-mail's), to the card on file. The server answers the new overview (or 409 once the period has ended).
 */
import { useState } from 'react';
import { type BillingOverview } from '../../contract/billing';
import { Messages } from '../../contract/messages';
import { chargeSentence } from '../../lib/charges';
import { formatDate } from '../../lib/format';
import { plans } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { leftForLogin } from '../shared/session-ended';
import { isGetBillingOverviewAnswer } from '../../generated/answers/GetBillingOverviewAnswer';

export const resumeFailed = 'We could not resume your subscription. Please try again.';

interface Props {
  open: boolean;
  overview: BillingOverview;
  /** "Visa ending in 4242", when known. */
  card: string | null;
  onClose: () => void;
  onResumed: (overview: BillingOverview) => void;
}

export function ResumeDialog({ open, overview, card, onClose, onResumed }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const renewsOn = overview.subscription?.currentPeriodEnd ?? overview.licenseExpiresAt;
  const renewal = overview.subscription?.renewal;
  const standard = plans.standard;

  const close = () => {
    setError(null);
    onClose();
  };

  const resume = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onResumed(await apiCall('POST', '/api/billing/resume', isGetBillingOverviewAnswer));
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, resumeFailed, Messages.sendNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title="Resume subscription?" dismissible={!busy}>
      <p>
        Your {standard.name} subscription will renew on {formatDate(renewsOn)} for{' '}
        {renewal ? chargeSentence(renewal) : standard.priceLabel} {standard.period}
        {card ? `, charged to your ${card}` : ''}, and every year after that until you cancel.
      </p>
      <p>You can cancel again at any time before then.</p>
      <ConfirmActions
        error={error}
        busy={busy}
        tone="primary"
        keepLabel="Not now"
        confirmLabel="Resume subscription"
        busyLabel="Resuming..."
        onKeep={close}
        onConfirm={() => void resume()}
      />
    </Modal>
  );
}
