/**
 * The seat count of a Standard signup: 1 by default (a personal license, today's purchase), up to
 * what one purchase holds. The choice is kept in the page's URL (`seats=`), where the checkout
 * step reads it, so a reload or a return from Google keeps it.
 */
import { useEffect, useId, useState } from 'react';
import { seatPriceLine } from '../../contract/seat-texts';
import { signupSeatsFromQuery } from '../../lib/auth/signup-plan';
import { formatMoney } from '../../lib/format';
import { plans, seats as seatRules } from '../../site.config';

const { max, min, teamMinimum } = seatRules.standardSeats;
const unitCents = Math.round((plans.standard.priceUsd ?? 0) * 100);

export function SeatChooser() {
  const id = useId();
  const [typed, setTyped] = useState('1');
  useEffect(() => {
    // The URL is read after hydration, so the server's HTML (1 seat) and the first render agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTyped(String(signupSeatsFromQuery(window.location.search, max)));
  }, []);
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
    <div className="signup-seats">
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
