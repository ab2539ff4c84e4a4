/**
 * The Seats card of SeatsPanel, for an account that owns a running Standard subscription: the
 * seats bought and in use, "Add seats" and "Change seats at renewal". Loaded only once the seats
 * answer says there is such a subscription, which most accounts do not own. The dialogs load on
 * first use.
 */
import { lazy, Suspense, useState } from 'react';
import { seatCount, seatsByInvoice } from '../../contract/seat-texts';
import { type SeatSummary } from '../../contract/seats';
import { formatDate } from '../../lib/format';

const SeatsDialog = lazy(async () => ({ default: (await import('./SeatsDialog')).SeatsDialog }));

interface Props {
  summary: SeatSummary;
  /** Asks for the seats again after a change. */
  reload: () => void;
  onChanged?: ((message: string) => void) | undefined;
}

export function SeatsCard({ summary, reload, onChanged }: Props) {
  const [dialog, setDialog] = useState<'add' | 'renewal' | null>(null);
  const [used, setUsed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (kind: 'add' | 'renewal') => {
    setUsed(true);
    setDialog(kind);
  };
  const changed = (message: string) => {
    setDialog(null);
    setNotice(message);
    reload();
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
