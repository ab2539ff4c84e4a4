/**
 * Paying by bank transfer, for a team of `standardSeats.invoiceMinimum` seats or more: whom the
 * invoice is billed to (the checkout's billing details) and an optional purchase-order reference,
 * then the total with tax as POST /api/invoice-quote works it out, then the confirmation, which
 * the page sends its own way (a new account's signup, or a signed-in account's upgrade). Loaded
 * only when chosen, so the pages that offer it do not grow (budgets: docs/performance.md).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BillingDetails, YearlyCharge } from '../../contract/billing';
import * as FormTexts from '../../contract/invoice-form-texts';
import * as Texts from '../../contract/invoice-texts';
import { Messages } from '../../contract/messages';
import { seatsOutOfRange } from '../../contract/seat-texts';
import { chargeSeatsText } from '../../lib/charges';
import { formatMoney } from '../../lib/format';
import { seats as seatRules } from '../../site.config';
import { ApiFailure, apiCall, messageFor } from './api';
import {
  BillingFields,
  billingValuesOf,
  FieldMessage,
  isBillingField,
  type BillingValues,
  type FieldError,
} from './BillingFields';
import { ConfirmActions } from './ConfirmActions';
import { countryNameOf } from './countries';
import { Modal } from './Modal';
import { leftForLogin } from './session-ended';
import './bank-transfer.css';
import { isQuoteInvoiceAnswer } from '../../generated/answers/QuoteInvoiceAnswer';

const { invoiceMinimum, max } = seatRules.standardSeats;

/** What the buyer confirms: the page sends it with its own call. */
export interface InvoicePurchase {
  seats: number;
  details: BillingValues;
  poNumber: string | null;
  /** The same for every attempt of this purchase: a repeat makes nothing twice. */
  purchaseId: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** Made once per purchase by the page (see InvoicePurchase). */
  purchaseId: string;
  /** The seats chosen on the page; when left out the form asks for them. */
  seats?: number | undefined;
  /** Saved billing details to start from. */
  details?: BillingDetails | null | undefined;
  /** Sends the purchase and leaves the page; a failure (ApiFailure) is shown here. */
  onConfirm: (purchase: InvoicePurchase) => Promise<void>;
}

/** An error: its `field` is a billing details key, `seats` or `poNumber`, or null for the form. */
type FormError = FieldError;

/** A whole number typed in a field, or NaN. */
const whole = (typed: string) => (/^\s*\d{1,4}\s*$/.test(typed) ? Number(typed) : NaN);

export function BankTransferDialog(props: Props) {
  const { open, onClose, purchaseId, onConfirm } = props;
  const id = useId();
  const [values, setValues] = useState(() => billingValuesOf(props.details ?? null));
  const [typedSeats, setTypedSeats] = useState(String(props.seats ?? invoiceMinimum));
  const [po, setPo] = useState('');
  const [charge, setCharge] = useState<YearlyCharge | null>(null);
  // Why VAT is added although a VAT number was given (the EU's register did not confirm it).
  const [taxIdNote, setTaxIdNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const seats = props.seats ?? whole(typedSeats);
  const errorId = `${id}-error`;

  // Each step starts where the eye should: the total's heading, or the field the error names.
  useEffect(() => {
    if (!open) return;
    const root = body.current;
    if (charge) {
      root?.querySelector<HTMLElement>('h3')?.focus();
      return;
    }
    if (error?.field) root?.querySelector<HTMLElement>(`[name="${error.field}"]`)?.focus();
  }, [open, charge, error]);

  const change = (patch: () => void) => {
    patch();
    setError(null);
  };

  const close = () => {
    if (busy) return;
    setError(null);
    setCharge(null);
    onClose();
  };

  const fail = (failure: unknown, fallback: string) => {
    if (leftForLogin(failure)) return;
    const field = failure instanceof ApiFailure ? failure.field : null;
    // A refusal about one of the fields sends the buyer back to it.
    if (field) setCharge(null);
    setError({ message: messageFor(failure, fallback, Messages.sendNetwork), field });
  };

  const showTotal = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!(seats >= invoiceMinimum && seats <= max)) {
      setError({
        message: seats < invoiceMinimum ? Texts.invoiceNeedsSeats : seatsOutOfRange,
        field: 'seats',
      });
      return;
    }
    if (!Texts.readPoNumber(po).ok) {
      setError({ message: Texts.poNumberInvalid, field: 'poNumber' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const quote = await apiCall('POST', '/api/invoice-quote', isQuoteInvoiceAnswer, {
        seats,
        details: values,
      });
      setCharge(quote.charge);
      setTaxIdNote(quote.taxIdNote);
    } catch (failure) {
      fail(failure, FormTexts.invoiceQuoteFailed);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (busy) return;
    const read = Texts.readPoNumber(po);
    setBusy(true);
    setError(null);
    try {
      await onConfirm({
        seats,
        details: values,
        poNumber: read.ok ? read.poNumber : null,
        purchaseId,
      });
      // The page is leaving: stay busy until it has.
    } catch (failure) {
      setBusy(false);
      fail(failure, FormTexts.invoicePurchaseFailed);
    }
  };

  // An error about a field is shown below it; any other above the form.
  const belowField =
    isBillingField(error?.field) ||
    error?.field === 'poNumber' ||
    (error?.field === 'seats' && props.seats === undefined);
  const formError = error && !belowField && (
    <p id={errorId} className="form-error" role="alert">
      {error.message}
    </p>
  );
  const seatsInvalid = error?.field === 'seats';
  const poInvalid = error?.field === 'poNumber';

  return (
    <Modal
      open={open}
      onClose={close}
      title={FormTexts.invoiceFormTitle}
      dismissible={!busy}
      className="bank-transfer-modal"
    >
      <div ref={body} className="bank-transfer">
        {charge === null ? (
          <form className="bank-transfer-form" onSubmit={(e) => void showTotal(e)} noValidate>
            <p className="field-hint">{FormTexts.invoiceFormIntro}</p>
            {formError}
            {props.seats === undefined && (
              <div className="field bank-transfer-seats">
                <label htmlFor={`${id}-seats`}>{FormTexts.invoiceSeatsLabel}</label>
                <p id={`${id}-seats-hint`} className="field-hint">
                  {FormTexts.invoiceSeatsHint}
                </p>
                <input
                  id={`${id}-seats`}
                  name="seats"
                  type="number"
                  inputMode="numeric"
                  min={invoiceMinimum}
                  max={max}
                  value={typedSeats}
                  aria-describedby={
                    seatsInvalid ? `${id}-seats-hint ${errorId}` : `${id}-seats-hint`
                  }
                  aria-invalid={seatsInvalid || undefined}
                  onChange={(event) => change(() => setTypedSeats(event.target.value))}
                />
                {seatsInvalid && error && <FieldMessage error={error} id={errorId} />}
              </div>
            )}
            <BillingFields
              id={id}
              values={values}
              onChange={(next) => change(() => setValues(next))}
              error={error}
              errorId={errorId}
            />
            <div className="field">
              <label htmlFor={`${id}-po`}>
                {Texts.poNumberLabel}
                <span className="field-optional"> (optional)</span>
              </label>
              <p id={`${id}-po-hint`} className="field-hint">
                {Texts.poNumberHint}
              </p>
              <input
                id={`${id}-po`}
                name="poNumber"
                type="text"
                autoComplete="off"
                value={po}
                aria-describedby={poInvalid ? `${id}-po-hint ${errorId}` : `${id}-po-hint`}
                aria-invalid={poInvalid || undefined}
                onChange={(event) => change(() => setPo(event.target.value))}
              />
              {poInvalid && error && <FieldMessage error={error} id={errorId} />}
            </div>
            <div className="modal-actions">
              <button type="button" className="button button-secondary" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="button" aria-disabled={busy}>
                {busy ? FormTexts.workingOutTotal : FormTexts.showInvoiceTotal}
              </button>
            </div>
          </form>
        ) : (
          <InvoiceTotal
            charge={charge}
            taxIdNote={taxIdNote}
            details={values}
            poNumber={po}
            busy={busy}
            error={error?.message ?? null}
            onBack={() => {
              setError(null);
              setCharge(null);
            }}
            onConfirm={() => void confirm()}
          />
        )}
      </div>
    </Modal>
  );
}

/** The invoice in figures before it is sent: seats × price, tax (or reverse charge), total. */
function InvoiceTotal(props: {
  charge: YearlyCharge;
  taxIdNote: string | null;
  details: BillingValues;
  poNumber: string;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { charge, details } = props;
  const money = (cents: number) => formatMoney(cents, charge.currency);
  const company = details.company.trim();
  const po = Texts.readPoNumber(props.poNumber);
  return (
    <>
      <h3 className="bank-transfer-heading" tabIndex={-1}>
        {FormTexts.invoiceSummaryHeading}
      </h3>
      <dl className="bank-transfer-total">
        <dt>Billed to</dt>
        <dd>
          {company || details.name.trim()}, {countryNameOf(details.country)}
        </dd>
        {po.ok && po.poNumber !== null && (
          <>
            <dt>PO number</dt>
            <dd>{po.poNumber}</dd>
          </>
        )}
        <dt>Price</dt>
        <dd>{chargeSeatsText(charge)}</dd>
        <dt>Subtotal</dt>
        <dd>{money(charge.subtotal)}</dd>
        {charge.reverseCharge ? (
          <>
            <dt>VAT</dt>
            <dd>Reverse charge</dd>
          </>
        ) : charge.tax > 0 ? (
          <>
            <dt>VAT {charge.taxRateBp / 100}%</dt>
            <dd>{money(charge.tax)}</dd>
          </>
        ) : (
          <>
            <dt>Tax</dt>
            <dd>None</dd>
          </>
        )}
        <dt className="bank-transfer-due">{FormTexts.invoiceTotalLabel}</dt>
        <dd className="bank-transfer-due" data-testid="invoice-total">
          {money(charge.total)}
        </dd>
      </dl>
      {props.taxIdNote && <p className="bank-transfer-tax-note">{props.taxIdNote}</p>}
      <p>{FormTexts.invoiceDueLine}</p>
      <ConfirmActions
        error={props.error}
        busy={props.busy}
        tone="primary"
        keepLabel={FormTexts.changeInvoiceDetails}
        confirmLabel={FormTexts.confirmInvoice}
        busyLabel={FormTexts.confirmingInvoice}
        onKeep={props.onBack}
        onConfirm={props.onConfirm}
      />
    </>
  );
}
