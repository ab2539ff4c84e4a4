/**
 * The Danger Zone's confirm step, loaded when "Delete Account" is pressed (AccountSettings.tsx):
 * the question, then DELETE /api/delete, the server's message, and after 2 s this browser forgets
 * the session and goes to /overview. The server has already ended every session of the account,
 * so only this browser's copy is left to forget.
 */
import { useEffect, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { limits } from '../../site.config';
import { apiCall, messageFor } from '../shared/api';
import { forgetSession } from '../shared/auth-store';
import { isMessageAnswer } from '../../generated/answers/MessageAnswer';

type Step = { kind: 'confirm' } | { kind: 'deleting' } | { kind: 'deleted'; message: string };

export function DeleteConfirm({ onCancel }: { onCancel: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'confirm' });
  const [error, setError] = useState<string | null>(null);
  const question = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (step.kind === 'confirm') question.current?.focus();
    if (step.kind !== 'deleted') return;
    const timer = window.setTimeout(() => {
      forgetSession();
      window.location.assign('/overview');
    }, limits.deletionRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [step]);

  const remove = async () => {
    setStep({ kind: 'deleting' });
    setError(null);
    try {
      const answer = await apiCall('DELETE', '/api/delete', isMessageAnswer);
      setStep({ kind: 'deleted', message: answer.message });
    } catch (failure) {
      setError(messageFor(failure, Messages.deleteFailed));
      setStep({ kind: 'confirm' });
    }
  };

  if (step.kind === 'deleted')
    return (
      <p className="form-success" role="status">
        {step.message}
      </p>
    );

  return (
    <div className="danger-confirm">
      <p ref={question} tabIndex={-1} className="danger-question">
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
          onClick={onCancel}
          disabled={step.kind === 'deleting'}
        >
          Cancel
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
