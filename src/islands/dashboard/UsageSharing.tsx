/**
 * Account Settings' "Share feature usage": whether the plugin's daily counts of the commands used
 * are stored for this account (on unless turned off). GET and PATCH /api/account/usage-sharing;
 * the switch saves at once and says so. What is collected, and for how long: the privacy policy.
 */
import { useCallback, useId, useState } from 'react';
import { type UsageSharing as Sharing } from '../../contract/usage';
import { apiCall, messageFor } from '../shared/api';
import { dashboardProblem, leftForLogin } from '../shared/session-ended';
import { useLoad } from '../shared/use-load';
import { isGetUsageSharingAnswer } from '../../generated/answers/GetUsageSharingAnswer';

export const sharingLoadFailed = 'We could not load your usage sharing setting. Please try again.';
export const sharingSaveFailed = 'We could not save your usage sharing setting. Please try again.';
const network = 'Network error. Please check your connection and try again.';

const loadSharing = () => apiCall('GET', '/api/account/usage-sharing', isGetUsageSharingAnswer);
const problem = dashboardProblem(sharingLoadFailed, network);

export function UsageSharing() {
  const id = useId();
  const { state, reload, replace } = useLoad<Sharing, string>(loadSharing, problem);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const change = useCallback(
    async (shareUsage: boolean) => {
      setSaving(true);
      setResult(null);
      // The box shows the choice at once; a failure puts it back.
      replace({ shareUsage });
      try {
        const answer = await apiCall(
          'PATCH',
          '/api/account/usage-sharing',
          isGetUsageSharingAnswer,
          {
            shareUsage,
          },
        );
        replace(answer);
        setResult({ ok: true, text: answer.message ?? '' });
      } catch (failure) {
        if (!leftForLogin(failure)) {
          replace({ shareUsage: !shareUsage });
          setResult({ ok: false, text: messageFor(failure, sharingSaveFailed, network) });
        }
      } finally {
        setSaving(false);
      }
    },
    [replace],
  );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Feature usage</h2>
      {state.kind === 'loading' ? (
        <p className="dashboard-loading" role="status">
          Loading...
        </p>
      ) : state.kind === 'failed' ? (
        <>
          <p className="form-error" role="alert">
            {state.problem}
          </p>
          <button type="button" className="button button-secondary" onClick={reload}>
            Retry
          </button>
        </>
      ) : (
        <div className="account-form">
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={state.value.shareUsage}
              disabled={saving}
              aria-describedby={`${id}-hint`}
              onChange={(event) => void change(event.currentTarget.checked)}
            />
            <span>Share feature usage</span>
          </label>
          <p id={`${id}-hint`} className="field-hint">
            The plugin sends how many times a day each command was used on each device (never your
            models or documents), so you can see it under{' '}
            <a href="/dashboard/usage">Usage &amp; Sessions</a>; see the{' '}
            <a href="/privacy#feature-usage">privacy policy</a>.
          </p>
          {result && (
            <p className={result.ok ? 'form-success' : 'form-error'} role="status">
              {result.text}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
