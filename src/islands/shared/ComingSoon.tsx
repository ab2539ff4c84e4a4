/**
 * SPEC §8: the Standard upgrade buttons (dashboard and signup) show an alert that card payment
 * integration is coming soon. DESIGN §3.3 replaces this with a real checkout in the payments
 * issue; until then every such button opens this one alert.
 */
import { Modal } from './Modal';

export const comingSoonTitle = 'Coming Soon';
export const comingSoonText = 'Card payment integration is coming soon. Please check back later.';

export function ComingSoonAlert({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={comingSoonTitle} role="alertdialog">
      <p>{comingSoonText}</p>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
