/**
 * Signed-in visitors on /signup: a Trial user is offered the upgrade (or Maybe Later),
 * which opens a real checkout; a Standard or Enterprise user cannot claim a trial;
 * on the standard page a Standard user already has the plan and an Enterprise user is all set.
 */
import type { MemberNotice } from '../../lib/auth/member-notice';
import { Modal } from '../shared/Modal';
import { upgradeBusyText, useUpgrade } from '../shared/upgrade';

interface Props {
  notice: MemberNotice | null;
  onClose: () => void;
}

const content: Record<MemberNotice, { title: string; text: string }> = {
  upgrade: {
    title: 'Upgrade to Standard',
    text: 'You are already a member on the Free Trial. Upgrade to Standard to keep every feature for a full year, with 2 active devices, e-mail support and all future updates.',
  },
  'cannot-claim-trial': {
    title: 'Already a Member',
    text: 'You already have a paid plan, so you cannot claim a free trial. Your license and download are on your dashboard.',
  },
  'already-standard': {
    title: 'Already a Member',
    text: 'You already have the Standard plan. Your license and download are on your dashboard.',
  },
  'all-set': {
    title: 'You Are All Set',
    text: 'Your Enterprise plan already includes everything Standard offers. Your license and download are on your dashboard.',
  },
};

export function MemberModal({ notice, onClose }: Props) {
  const upgrade = useUpgrade();
  const shown = notice ? content[notice] : null;
  return (
    <Modal
      open={notice !== null}
      onClose={onClose}
      title={shown?.title ?? ''}
      // The browser is leaving for the checkout: Escape must not pretend to cancel that.
      dismissible={!upgrade.busy}
    >
      {shown && <p>{shown.text}</p>}
      {notice === 'upgrade' && upgrade.error && (
        <p className="form-error" role="alert">
          {upgrade.error}
        </p>
      )}
      <div className="modal-actions">
        {notice === 'upgrade' ? (
          <>
            <button
              type="button"
              className="button button-secondary"
              onClick={onClose}
              disabled={upgrade.busy}
            >
              Maybe Later
            </button>
            <button
              type="button"
              className="button"
              onClick={upgrade.start}
              // aria-disabled, not disabled: the focused button keeps focus if the call fails.
              aria-disabled={upgrade.busy}
            >
              {upgrade.busy ? upgradeBusyText : 'Upgrade to Standard'}
            </button>
          </>
        ) : (
          <a className="button" href="/dashboard">
            Go to Dashboard
          </a>
        )}
      </div>
    </Modal>
  );
}
