/**
 * The fields an action needs beside its reason: the days to extend a license by (with the end
 * date they give), and when a subscription ends.
 */
import { useId } from 'react';
import type { AdminLicense, AdminSubscription } from '../../contract/admin';
import type { ActionInput } from './customer-actions';
import { extendedEnd } from './format';
import { formatDate } from '../../lib/format';

interface DaysProps {
  license: AdminLicense;
  days: string;
  /** When the page's data arrived: the base of "from today". */
  now: number;
  onChange: (days: string) => void;
}

export function DaysField({ license, days, now, onChange }: DaysProps) {
  const id = useId();
  const end = extendedEnd(license.expiresAt, Number(days), now);
  return (
    <div className="field">
      <label htmlFor={id}>Days to extend by</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={3650}
        step={1}
        value={days}
        aria-describedby={`${id}-end`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field-hint" id={`${id}-end`} aria-live="polite">
        Ends now: {formatDate(license.expiresAt)}.{' '}
        {end ? `New end date: ${formatDate(end)}.` : 'Type a whole number of days.'}
      </p>
    </div>
  );
}

interface WhenProps {
  subscription: AdminSubscription;
  when: ActionInput['when'];
  onChange: (when: ActionInput['when']) => void;
}

export function WhenField({ subscription, when, onChange }: WhenProps) {
  const name = useId();
  const periodEnd = subscription.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd)
    : 'the end of the paid period';
  return (
    <fieldset className="console-choices">
      <legend>When does it end?</legend>
      <label className="checkbox-row">
        <input
          type="radio"
          name={name}
          value="period-end"
          checked={when === 'period-end'}
          disabled={subscription.cancelAtPeriodEnd}
          onChange={() => onChange('period-end')}
        />
        <span>
          At the end of the paid period ({periodEnd}), as the customer's own Cancel: they keep
          Standard until then.
          {subscription.cancelAtPeriodEnd && ' (Already set.)'}
        </span>
      </label>
      <label className="checkbox-row">
        <input
          type="radio"
          name={name}
          value="now"
          checked={when === 'now'}
          onChange={() => onChange('now')}
        />
        <span>Now: the subscription ends at once and the Standard license expires today.</span>
      </label>
    </fieldset>
  );
}

interface RefundCancelProps {
  subscription: AdminSubscription;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The refund dialog's "and cancel the subscription now", for the customer's running one. */
export function RefundCancelField({ subscription, checked, onChange }: RefundCancelProps) {
  return (
    <label className="checkbox-row console-choices">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        And cancel the subscription now ({subscription.stripeSubscriptionId}): it does not renew and
        the Standard license ends today. The customer's refund e-mail says so.
      </span>
    </label>
  );
}
