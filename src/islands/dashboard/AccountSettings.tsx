/**
 * Account Settings: the registered e-mail (read-only), the scheduled-for-deletion notice, the
 * password (ChangePassword.tsx), and the Danger Zone: delete → confirm (DeleteConfirm.tsx, loaded
 * when Delete Account is pressed) → DELETE /api/delete → the server's message → after 2 s log out
 * and go to /overview. What a deletion does: docs/operating.md, "Deletion and restore".
 */
import { useId, useState } from 'react';
import { Messages } from '../../contract/messages';
import { withErrorBoundary } from '../ErrorBoundary';
import { lazyPart, preloadOnApproach, useFocusBack } from '../shared/lazy-part';
import { ChangePassword } from './ChangePassword';
import { Passkeys } from './Passkeys';
import { TwoStepSignIn } from './TwoStepSignIn';
import { UsageSharing } from './UsageSharing';
import { useDashboardUser } from './use-dashboard-user';
import '../shared/forms.css';
import './dashboard.css';

const DeleteConfirm = lazyPart(async () => (await import('./DeleteConfirm')).DeleteConfirm);

function AccountSettings() {
  const id = useId();
  const { user } = useDashboardUser();
  const [confirming, setConfirming] = useState(false);
  // Cancel removes the confirm step: focus goes back to Delete Account.
  const [deleteButton, focusDelete] = useFocusBack(confirming);

  if (!user) return <p className="dashboard-loading">{Messages.loadingUser}</p>;

  return (
    <div className="dashboard">
      {user.isDeleted && (
        <p className="form-info" role="status">
          This account is scheduled for deletion.
        </p>
      )}
      <section className="card" aria-labelledby="email-title">
        <h2 id="email-title">Registered Email</h2>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            value={user.email}
            readOnly
            aria-describedby={`${id}-email-hint`}
          />
          <p id={`${id}-email-hint`} className="field-hint">
            Your registered e-mail address cannot be changed.
          </p>
        </div>
      </section>
      {!user.isDeleted && <ChangePassword user={user} />}
      {!user.isDeleted && <Passkeys />}
      {!user.isDeleted && <TwoStepSignIn user={user} />}
      {!user.isDeleted && <UsageSharing />}
      <section className="card danger-zone" aria-labelledby="danger-title">
        <h2 id="danger-title">Danger Zone</h2>
        {confirming ? (
          <DeleteConfirm
            onCancel={() => {
              focusDelete();
              setConfirming(false);
            }}
          />
        ) : (
          <>
            <p>
              Deleting your account ends your license on every device and signs you out everywhere.
              Your data is kept only as long as the privacy policy requires, then removed.
            </p>
            <button
              ref={deleteButton}
              type="button"
              className="button button-danger"
              {...preloadOnApproach(DeleteConfirm)}
              onClick={() => setConfirming(true)}
              disabled={user.isDeleted}
            >
              Delete Account
            </button>
          </>
        )}
      </section>
    </div>
  );
}

export default withErrorBoundary(AccountSettings);
