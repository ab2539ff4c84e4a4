/**
 * The seat count of a Standard signup: 1 by default (a personal license, today's purchase), up to
 * what one purchase holds. The choice is kept in the page's URL (`seats=`), where the checkout
 * step reads it, so a reload or a return from Google keeps it.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { seatPriceLine } from '../../contract/seat-texts';
import { signupSeatsFromQuery } from '../../lib/auth/signup-plan';
import { formatMoney } from '../../lib/format';
import { plans, seats as seatRules } from '../../site.config';

const { max, min, teamMinimum } = seatRules.standardSeats;
const unitCents = Math.round((plans.standard.priceUsd ?? 0) * 100);

/** The URL changes only by our own replaceState, which the component itself drives. */
const noSubscription = () => () => undefined;

export function SeatChooser() {
  const id = useId();
  // The seats in the URL (the server render and hydration use 1), until the buyer types.
  const fromUrl = useSyncExternalStore(
    noSubscription,
    () => String(signupSeatsFromQuery(window.location.search, max)),
    () => '1',
  );
  const [edited, setTyped] = useState<string | null>(null);
  const typed = edited ?? fromUrl;
  const seats = /^\d{1,4}$/.test(typed) ? Number(typed) : NaN;
  const valid = Number.isInteger(seats) && seats >= min && seats <= max;

  const change = (value: string) => {
    setTyped(value);
    const url = new URL(window.location.href);
    const next = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (next >= min && next <= max && next !== 1) url.searchParams.set('seats', String(next));
    else url.searchParams.delete('seats');
    window.history.replaceState(window.history.state, '', url);
  };

  return (
    <div className="field signup-seats">
      <label htmlFor={`${id}-seats`}>Seats</label>
      <input
        id={`${id}-seats`}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={typed}
        onChange={(event) => change(event.target.value)}
        aria-describedby={`${id}-seats-note`}
        aria-invalid={valid ? undefined : true}
      />
      <p id={`${id}-seats-note`} className="signup-seats-note" aria-live="polite">
        {!valid
          ? `Choose between ${String(min)} and ${String(max)} seats.`
          : seats >= teamMinimum
            ? `${seatPriceLine(seats, formatMoney(unitCents, 'usd'))}: ${formatMoney(unitCents * seats, 'usd')} a year before tax. You manage the team and invite your colleagues after payment.`
            : 'One seat for you. Buying for a team? Choose one seat per person.'}
      </p>
    </div>
  );
}
