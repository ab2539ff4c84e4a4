/**
 * The seat dialogs of SeatsPanel. Adding: the owner chooses how many, sees the prorated amount
 * with tax for the rest of the term, and confirms that very amount (the server refuses another).
 * At renewal: the seats the subscription renews with, never fewer than members and invitations.
 */
import { useId, useState, type FormEvent } from 'react';
import { Messages } from '../../contract/messages';
import { seatCount } from '../../contract/seat-texts';
import { type SeatPreview, type SeatSummary } from '../../contract/seats';
import { formatDate, formatMoney } from '../../lib/format';
import { seats as seatRules } from '../../site.config';
import { apiCall, messageFor } from './api';
import { ConfirmActions } from './ConfirmActions';
import { Modal } from './Modal';
import { leftForLogin } from './session-ended';
import { isAddSeatsAnswer } from '../../generated/answers/AddSeatsAnswer';
import { isPreviewSeatAdditionAnswer } from '../../generated/answers/PreviewSeatAdditionAnswer';
import { isSetRenewalSeatsAnswer } from '../../generated/answers/SetRenewalSeatsAnswer';

const { max } = seatRules.standardSeats;
const failed = 'We could not change your seats. Please try again.';

interface Props {
  kind: 'add' | 'renewal' | null;
  summary: SeatSummary;
  onClose: () => void;
  onChanged: (message: string) => void;
}

/** A labelled seat count with its hint; the dialog's error, when there is one, describes it too. */
function SeatField(props: {
  id: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { id, error } = props;
  return (
    <div className="field seats-field">
      <label htmlFor={`${id}-seats`}>{props.label}</label>
      <p id={`${id}-seats-hint`}>{props.hint}</p>
      <input
        id={`${id}-seats`}
        type="number"
        inputMode="numeric"
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-describedby={error ? `${id}-seats-hint ${id}-error` : `${id}-seats-hint`}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}

/** A whole number typed in a field, or NaN. */
const whole = (typed: string) => (/^\s*\d{1,4}\s*$/.test(typed) ? Number(typed) : NaN);

export function SeatsDialog({ kind, summary, onClose, onChanged }: Props) {
  return kind === 'renewal' ? (
    <RenewalDialog summary={summary} onClose={onClose} onChanged={onChanged} />
  ) : (
    <AddDialog open={kind === 'add'} summary={summary} onClose={onClose} onChanged={onChanged} />
  );
}

function AddDialog({ open, summary, onClose, onChanged }: Omit<Props, 'kind'> & { open: boolean }) {
  const id = useId();
  const most = max - summary.seats;
  const [typed, setTyped] = useState('1');
  const [preview, setPreview] = useState<SeatPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = whole(typed);
  const valid = add >= 1 && add <= most;
  const money = (cents: number) => formatMoney(cents, preview?.currency ?? summary.currency);

  const close = () => {
    setPreview(null);
    setError(null);
    onClose();
  };

  const run = async (call: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, failed, Messages.sendNetwork));
      // A moved price: show the new one to confirm.
      setPreview(null);
    } finally {
      setBusy(false);
    }
  };

  const showPrice = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setError(`Choose between 1 and ${String(most)} seats to add.`);
      return;
    }
    void run(async () => {
      setPreview(
        await apiCall('POST', '/api/billing/seats/preview', isPreviewSeatAdditionAnswer, { add }),
      );
    });
  };

  const confirm = () =>
    void run(async () => {
      if (!preview) return;
      const added = await apiCall('POST', '/api/billing/seats', isAddSeatsAnswer, {
        add: preview.newSeats - preview.seats,
        expectedTotal: preview.total,
      });
      setPreview(null);
      onChanged(added.message);
    });

  return (
    <Modal open={open} onClose={close} title="Add seats" dismissible={!busy}>
      {preview === null ? (
        <form onSubmit={showPrice} noValidate>
          <SeatField
            id={id}
            label="Seats to add"
            hint={`You have ${seatCount(summary.seats)}. New seats are charged now for the rest of the term, prorated by day, with their own invoice.`}
            min={1}
            max={most}
            value={typed}
            error={error}
            onChange={(value) => {
              setTyped(value);
              setError(null);
            }}
          />
          <ConfirmActions
            error={error && <span id={`${id}-error`}>{error}</span>}
            busy={busy}
            tone="primary"
            keepLabel="Cancel"
            confirmLabel="Show the price"
            busyLabel="Working it out..."
            onKeep={close}
            submit
          />
        </form>
      ) : (
        <>
          <p>
            {seatCount(preview.newSeats - preview.seats)} from today until{' '}
            {formatDate(preview.periodEnd)}, when your {seatCount(preview.newSeats)} renew together.
          </p>
          <dl className="seats-price">
            <dt>Prorated price</dt>
            <dd>{money(preview.subtotal)}</dd>
            <dt>Tax</dt>
            <dd>{preview.reverseCharge ? 'Reverse charge' : money(preview.tax)}</dd>
            <dt>Charged now</dt>
            <dd>
              <strong>{money(preview.total)}</strong>
            </dd>
          </dl>
          <ConfirmActions
            error={error}
            busy={busy}
            tone="primary"
            keepLabel="Cancel"
            confirmLabel={`Pay ${money(preview.total)} and add seats`}
            busyLabel="Paying..."
            onKeep={close}
            onConfirm={confirm}
          />
        </>
      )}
    </Modal>
  );
}

function RenewalDialog({ summary, onClose, onChanged }: Omit<Props, 'kind'>) {
  const id = useId();
  const [typed, setTyped] = useState(String(summary.renewalSeats ?? summary.seats));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seats = whole(typed);
  const least = Math.max(1, summary.taken);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(seats >= least && seats <= summary.seats)) {
      setError(`Choose between ${String(least)} and ${String(summary.seats)} seats.`);
      return;
    }
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const set = await apiCall('POST', '/api/billing/seats/renewal', isSetRenewalSeatsAnswer, {
        seats,
      });
      onChanged(set.message);
    } catch (failure) {
      if (leftForLogin(failure)) return;
      setError(messageFor(failure, failed, Messages.sendNetwork));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        setError(null);
        onClose();
      }}
      title="Change seats at renewal"
      dismissible={!busy}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <SeatField
          id={id}
          label="Seats from the renewal on"
          hint={`Fewer seats take effect at the renewal${summary.renewsOn ? ` on ${formatDate(summary.renewsOn)}` : ''}; nothing changes before then and nothing is refunded. Your team holds ${seatCount(summary.taken)} (members and open invitations), so keep at least that many.`}
          min={least}
          max={summary.seats}
          value={typed}
          error={error}
          onChange={(value) => {
            setTyped(value);
            setError(null);
          }}
        />
        <ConfirmActions
          error={error && <span id={`${id}-error`}>{error}</span>}
          busy={busy}
          tone="primary"
          keepLabel="Cancel"
          confirmLabel="Save"
          busyLabel="Saving..."
          onKeep={onClose}
          submit
        />
      </form>
    </Modal>
  );
}
