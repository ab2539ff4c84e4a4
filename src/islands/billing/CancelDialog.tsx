/**
 * The cancel confirmation (cancelling never refunds: docs/product-rules.md, "Refunds"): the
 * no-refund notice with a
 * link to the policy, an optional "why" (kept for the console's overview), "Keep subscription" or
 * "Cancel subscription". Cancelling happens at the end of the paid period; the server answers the
 * new overview.
 */
import { useId, useState } from 'react';
import { type BillingOverview } from '../../contract/billing';
import { Messages } from '../../contract/messages';
import { apiCall, messageFor } from '../shared/api';
import { ConfirmActions } from '../shared/ConfirmActions';
import { Modal } from '../shared/Modal';
import { leftForLogin } from '../shared/session-ended';
import { site } from '../../site.config';
import { isGetBillingOverviewAnswer } from '../../generated/answers/GetBillingOverviewAnswer';

/** The longest reason the server keeps. */
const CANCEL_REASON_MAX = 500;

export const cancelFailed = 'We could not cancel your subscription. Please try again.';

interface Props {
  open: boolean;
  onClose: () => void;
  onCancelled: (overview: BillingOverview) => void;
}

export function CancelDialog({ open, onClose, onCancelled }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();

  const close = () => {
    setError(null);
    onClose();
  };

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const said = reason.trim();
      const overview = await apiCall(
        'POST',
        '/api/billing/cancel',
        isGetBillingOverviewAnswer,
        said ? { reason: said } : {},
      );
      onCancelled(overview);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, cancelFailed, Messages.sendNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Cancel subscription?"
      role="alertdialog"
      dismissible={!busy}
    >
      <p>{Messages.cancelNoRefund}</p>
      <p>
        See the <a href="/refund-policy">Refund Policy</a> for details.
      </p>
      <div className="field">
        <label htmlFor={reasonId}>Why are you cancelling? (optional)</label>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${reasonId}-hint`}
        />
        <p id={`${reasonId}-hint`} className="field-hint">
          A sentence helps us make {site.product} better. It changes nothing about the cancellation.
        </p>
      </div>
      <ConfirmActions
        error={error}
        busy={busy}
        keepLabel="Keep subscription"
        confirmLabel="Cancel subscription"
        busyLabel="Cancelling..."
        onKeep={close}
        onConfirm={() => void cancel()}
      />
    </Modal>
  );
}
