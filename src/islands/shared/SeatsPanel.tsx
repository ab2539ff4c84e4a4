/**
 * The seats of the owner's Standard subscription, with "Add seats" and "Change seats at renewal":
 * on the team page and on Billing & Invoices. It asks GET /api/billing/seats itself and shows
 * nothing to an account that owns no running subscription (Enterprise seats change by agreement);
 * the card's code (SeatsCard) loads only for one that does. A card that cannot be loaded says so,
 * with a button that tries again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type SeatSummary } from '../../contract/seats';
import { apiCall } from './api';
import { partFailed } from './part-texts';
import type { SeatsCard } from './SeatsCard';
import { isGetSeatsAnswer } from '../../generated/answers/GetSeatsAnswer';

interface Props {
  /** Called after a change, with its message, so the page can reload what it shows. */
  onChanged?: (message: string) => void;
}

let loadedCard: typeof SeatsCard | null = null;

export function SeatsPanel({ onChanged }: Props) {
  const [summary, setSummary] = useState<SeatSummary | null>(null);
  const [Card, setCard] = useState<typeof SeatsCard | null>(() => loadedCard);
  const [failed, setFailed] = useState(false);
  const retry = useRef<HTMLButtonElement>(null);

  const load = useCallback(() => {
    apiCall('GET', '/api/billing/seats', isGetSeatsAnswer).then(
      (answer) => setSummary(answer.summary),
      () => setSummary(null),
    );
  }, []);
  useEffect(load, [load]);

  // A second failure after Try again: focus is not left on <body>.
  useEffect(() => {
    if (failed && document.activeElement === document.body) retry.current?.focus();
  }, [failed]);

  useEffect(() => {
    if (!summary || Card || failed) return;
    let live = true;
    import('./SeatsCard').then(
      (module) => {
        loadedCard = module.SeatsCard;
        if (live) setCard(() => module.SeatsCard);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [summary, Card, failed]);

  if (!summary) return null;
  if (Card) return <Card summary={summary} reload={load} onChanged={onChanged} />;
  if (!failed) return null;
  return (
    <section className="card seats-panel" aria-labelledby="seats-panel-title">
      <h2 id="seats-panel-title">Seats</h2>
      <p className="form-error" role="alert">
        {partFailed}
      </p>
      <button
        ref={retry}
        type="button"
        className="button button-secondary"
        onClick={() => setFailed(false)}
      >
        Try again
      </button>
    </section>
  );
}
