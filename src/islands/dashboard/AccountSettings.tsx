/**
 * Account Settings: the registered e-mail (read-only), the scheduled-for-deletion notice, the
 * password (ChangePassword.tsx), and the Danger Zone: delete → confirm → DELETE /api/delete → the
 * server's message → after 2 s log out and go to /overview. What a deletion does: docs/operating.md, "Deletion and restore".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { limits } from '../../site.config';
import { withErrorBoundary } from '../ErrorBoundary';
import { apiCall, messageFor } from '../shared/api';
import { forgetSession } from '../shared/auth-store';
import { ChangePassword } from './ChangePassword';
import { Passkeys } from './Passkeys';
import { TwoStepSignIn } from './TwoStepSignIn';
import { UsageSharing } from './UsageSharing';
import { useDashboardUser } from './use-dashboard-user';
import '../shared/forms.css';
import './dashboard.css';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

type Step =
  | { kind: 'idle' }
  | { kind: 'confirm' }
  | { kind: 'deleting' }
  | { kind: 'deleted'; message: string };

function AccountSettings() {
  const id = useId();
  const { user } = useDashboardUser();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (step.kind === 'confirm') confirmText.current?.focus();
    if (step.kind !== 'deleted') return;
    // After 2 s, log out and go to /overview. The server has already ended every
    // session of the account, so only this browser's copy is left to forget.
    const timer = window.setTimeout(() => {
      forgetSession();
      window.location.assign('/overview');
    }, limits.deletionRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [step]);

  if (!user) return <p className="dashboard-loading">{Messages.loadingUser}</p>;

  const remove = async () => {
    setStep({ kind: 'deleting' });
    setError(null);
    try {
      const answer = await apiCall('DELETE', '/api/delete', isMessageAnswer);
      setStep({ kind: 'deleted', message: answer.message });
    } catch (failure) {
      setError(messageFor(failure, Messages.deleteFailed));
      setStep({ kind: 'idle' });
    }
  };

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
        {step.kind === 'deleted' ? (
          <p className="form-success" role="status">
            {step.message}
          </p>
        ) : step.kind === 'confirm' || step.kind === 'deleting' ? (
          <div className="danger-confirm">
            <p ref={confirmText} tabIndex={-1} className="danger-question">
              {Messages.deleteConfirm}
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="button button-danger"
                onClick={() => void remove()}
                disabled={step.kind === 'deleting'}
              >
                {step.kind === 'deleting' ? 'Deleting...' : 'Yes, Delete My Account'}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setStep({ kind: 'idle' })}
                disabled={step.kind === 'deleting'}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <>
            <p>
              Deleting your account ends your license on every device and signs you out everywhere.
              Your data is kept only as long as the privacy policy requires, then removed.
            </p>
            <button
              type="button"
              className="button button-danger"
              onClick={() => setStep({ kind: 'confirm' })}
              disabled={user.isDeleted}
            >
              Delete Account
            </button>
          </>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}

export default withErrorBoundary(AccountSettings);
