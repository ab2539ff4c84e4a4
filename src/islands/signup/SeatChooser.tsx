/**
 * The seat count of a Standard signup: 1 by default (a personal license, today's purchase), up to
 * what one purchase holds; from `invoiceMinimum` seats, how to pay: by card (the default) or by
 * bank transfer. Both are kept in the page's URL (`seats=`, `pay=invoice`), where the checkout
 * step reads them, so a reload or a return from Google keeps them.
 */
import { useId, useState, useSyncExternalStore } from 'react';
import {
  payByCardLabel,
  payByInvoiceHint,
  payByInvoiceLabel,
  paymentMethodLegend,
} from '../../contract/invoice-texts';
import { seatPriceLine } from '../../contract/seat-texts';
import { signupPaysByInvoice, signupSeatsFromQuery } from '../../lib/auth/signup-plan';
import { formatMoney } from '../../lib/format';
import { plans, seats as seatRules } from '../../site.config';

const { max, min, teamMinimum, invoiceMinimum } = seatRules.standardSeats;
const unitCents = Math.round((plans.standard.priceUsd ?? 0) * 100);

/** The URL changes only by our own replaceState (`replaceQuery`), which tells these listeners. */
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's query string; the server render (and hydration) read none. */
export function useSignupQuery(): string {
  return useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => '',
  );
}

/** Does the page's query choose bank transfer, for as many seats as that needs? */
export const paysByInvoiceIn = (search: string): boolean =>
  signupPaysByInvoice(search, signupSeatsFromQuery(search, max), invoiceMinimum);

function replaceQuery(change: (params: URLSearchParams) => void) {
  const url = new URL(window.location.href);
  change(url.searchParams);
  window.history.replaceState(window.history.state, '', url);
  for (const listener of listeners) listener();
}

export function SeatChooser() {
  const id = useId();
  const search = useSignupQuery();
  // The seats in the URL (the server render and hydration use 1), until the buyer types.
  const fromUrl = search === '' ? '1' : String(signupSeatsFromQuery(search, max));
  const [edited, setTyped] = useState<string | null>(null);
  const typed = edited ?? fromUrl;
  const seats = /^\d{1,4}$/.test(typed) ? Number(typed) : NaN;
  const valid = Number.isInteger(seats) && seats >= min && seats <= max;
  const byInvoice = paysByInvoiceIn(search);

  const change = (value: string) => {
    setTyped(value);
    const next = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    replaceQuery((params) => {
      if (next >= min && next <= max && next !== 1) params.set('seats', String(next));
      else params.delete('seats');
    });
  };

  const choose = (invoice: boolean) =>
    replaceQuery((params) => {
      if (invoice) params.set('pay', 'invoice');
      else params.delete('pay');
    });

  return (
    <>
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
              ? `${seatPriceLine(seats, formatMoney(unitCents, 'usd'))}: ${formatMoney(unitCents * seats, 'usd')} a year before tax. You manage the team and invite your colleagues ${byInvoice ? 'as soon as it starts' : 'after payment'}.`
              : 'One seat for you. Buying for a team? Choose one seat per person.'}
        </p>
      </div>
      {valid && seats >= invoiceMinimum && (
        <fieldset className="signup-pay" aria-describedby={`${id}-pay-note`}>
          <legend>{paymentMethodLegend}</legend>
          <label className="signup-pay-choice">
            <input
              type="radio"
              name={`${id}-pay`}
              checked={!byInvoice}
              onChange={() => choose(false)}
            />
            {payByCardLabel}
          </label>
          <label className="signup-pay-choice">
            <input
              type="radio"
              name={`${id}-pay`}
              checked={byInvoice}
              onChange={() => choose(true)}
            />
            {payByInvoiceLabel}
          </label>
          <p id={`${id}-pay-note`} className="signup-seats-note">
            {payByInvoiceHint}
          </p>
        </fieldset>
      )}
    </>
  );
}
