/**
 * The cancel confirmation (issue 4 item 6, SPEC §4 refund policy): the no-refund notice with a
 * link to the policy, "Keep subscription" or "Cancel subscription". Cancelling happens at the end
 * of the paid period; the server answers the new overview.
 */
import { useState } from 'react';
import { billingOverviewSchema, type BillingOverview } from '../../contract/billing';
import { Messages } from '../../contract/errors';
import { apiCall, messageFor } from '../shared/api';
import { Modal } from '../shared/Modal';
import { leftForLogin } from './use-billing';

export const cancelFailed = 'We could not cancel your subscription. Please try again.';

interface Props {
  open: boolean;
  onClose: () => void;
  onCancelled: (overview: BillingOverview) => void;
}

export function CancelDialog({ open, onClose, onCancelled }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const overview = await apiCall('POST', '/api/billing/cancel', billingOverviewSchema);
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
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={close}
          disabled={busy}
          // showModal() focuses the [autofocus] element: the safe choice, not the policy link.
          // React's autoFocus prop only focuses on mount, while the dialog is still closed.
          ref={(element) => {
            element?.setAttribute('autofocus', '');
          }}
        >
          Keep subscription
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => void cancel()}
          aria-disabled={busy}
        >
          {busy ? 'Cancelling...' : 'Cancel subscription'}
        </button>
      </div>
    </Modal>
  );
}
