/**
 * The billing details form on Billing & Invoices: the fields of the checkout, filled with the
 * saved details, sent as PATCH /api/billing/details. The server checks them exactly as the
 * checkout does and answers its sentence with the field it is about, which is marked invalid and
 * focused; nothing changes until it accepts them.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { type BillingDetails, type BillingOverview } from '../../contract/billing';
import { Messages } from '../../contract/messages';
import { ApiFailure, apiCall, messageFor } from '../shared/api';
import { BillingFields, billingValuesOf, isBillingField } from '../shared/BillingFields';
import { leftForLogin } from '../shared/session-ended';
import { isGetBillingOverviewAnswer } from '../../generated/answers/GetBillingOverviewAnswer';

export const detailsSaveFailed = 'We could not save your billing details. Please try again.';

interface Props {
  details: BillingDetails | null;
  onSaved: (overview: BillingOverview) => void;
  onClose: () => void;
}

export function DetailsForm({ details, onSaved, onClose }: Props) {
  const id = useId();
  const [values, setValues] = useState(() => billingValuesOf(details));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // The field the answer is about gets focus; a general failure, the first field.
  useEffect(() => {
    if (!error) return;
    const target = form.current?.querySelector<HTMLElement>(
      error.field ? `[name="${error.field}"]` : 'input',
    );
    target?.focus();
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await apiCall('PATCH', '/api/billing/details', isGetBillingOverviewAnswer, values));
    } catch (failure) {
      if (leftForLogin(failure)) return;
      const field = failure instanceof ApiFailure ? failure.field : null;
      setError({ message: messageFor(failure, detailsSaveFailed, Messages.sendNetwork), field });
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <form ref={form} className="billing-details-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="field-hint">
        Changes apply to future invoices. Invoices already issued keep the details they were issued
        with.
      </p>
      {error && !isBillingField(error.field) && (
        <p id={errorId} className="form-error" role="alert">
          {error.message}
        </p>
      )}
      <BillingFields id={id} values={values} onChange={setValues} error={error} errorId={errorId} />
      <div className="form-actions billing-actions">
        <button type="submit" className="button" aria-disabled={busy}>
          {busy ? 'Saving...' : 'Save billing details'}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
