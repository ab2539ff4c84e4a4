/**
 * The seats of the owner's Standard subscription, with "Add seats" and "Change seats at renewal":
 * on the team page and on Billing & Invoices. It asks GET /api/billing/seats itself and shows
 * nothing to an account that owns no running subscription (Enterprise seats change by agreement).
 * The dialogs load on first use.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { seatCount, seatsByInvoice } from '../../contract/seat-texts';
import { type SeatSummary } from '../../contract/seats';
import { formatDate } from '../../lib/format';
import { apiCall } from './api';
import { isGetSeatsAnswer } from '../../generated/answers/GetSeatsAnswer';

const SeatsDialog = lazy(async () => ({ default: (await import('./SeatsDialog')).SeatsDialog }));

interface Props {
  /** Called after a change, with its message, so the page can reload what it shows. */
  onChanged?: (message: string) => void;
}

export function SeatsPanel({ onChanged }: Props) {
  const [summary, setSummary] = useState<SeatSummary | null>(null);
  const [dialog, setDialog] = useState<'add' | 'renewal' | null>(null);
  const [used, setUsed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(() => {
    apiCall('GET', '/api/billing/seats', isGetSeatsAnswer).then(
      (answer) => setSummary(answer.summary),
      () => setSummary(null),
    );
  }, []);
  useEffect(load, [load]);

  if (!summary) return null;

  const open = (kind: 'add' | 'renewal') => {
    setUsed(true);
    setDialog(kind);
  };
  const changed = (message: string) => {
    setDialog(null);
    setNotice(message);
    load();
    onChanged?.(message);
  };

  return (
    <section className="card seats-panel" aria-labelledby="seats-panel-title">
      <h2 id="seats-panel-title">Seats</h2>
      <p>
        {seatCount(summary.seats)} bought, {summary.taken} in use or invited.
        {summary.renewalSeats !== null && summary.renewsOn !== null && (
          <>
            {' '}
            From the renewal on {formatDate(summary.renewsOn)}: {seatCount(summary.renewalSeats)}.
          </>
        )}
      </p>
      {notice && (
        <p className="form-success" role="status">
          {notice}
        </p>
      )}
      {summary.paysByInvoice && <p className="field-hint">{seatsByInvoice}</p>}
      <div className="team-row-actions">
        {!summary.paysByInvoice && (
          <button type="button" className="button" onClick={() => open('add')}>
            Add seats
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={() => open('renewal')}>
          Change seats at renewal
        </button>
      </div>
      {used && (
        <Suspense fallback={null}>
          <SeatsDialog
            kind={dialog}
            summary={summary}
            onClose={() => setDialog(null)}
            onChanged={changed}
          />
        </Suspense>
      )}
    </section>
  );
}
