/**
 * The billing details form on Billing & Invoices: the fields of the checkout, filled with the
 * saved details, sent as PATCH /api/billing/details. The server checks them exactly as the
 * checkout does and answers its sentence with the field it is about, which is marked invalid and
 * focused; nothing changes until it accepts them.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  billingOverviewSchema,
  type BillingDetails,
  type BillingOverview,
} from '../../contract/billing';
import { Messages } from '../../contract/messages';
import { countryCodes } from '../../config/billing';
import { ApiFailure, apiCall, messageFor } from '../shared/api';
import { leftForLogin } from '../shared/session-ended';
import { countryNameOf } from './format';

export const detailsSaveFailed = 'We could not save your billing details. Please try again.';

type Values = Record<keyof BillingDetails, string>;

interface FieldSpec {
  key: Exclude<keyof BillingDetails, 'country'>;
  label: string;
  autoComplete: string;
  optional?: boolean;
  hint?: string;
}

const before: FieldSpec[] = [
  { key: 'company', label: 'Company', autoComplete: 'organization', optional: true },
  { key: 'name', label: 'Name', autoComplete: 'name' },
];
const after: FieldSpec[] = [
  { key: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { key: 'line2', label: 'Address line 2', autoComplete: 'address-line2', optional: true },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State or region', autoComplete: 'address-level1', optional: true },
  {
    key: 'taxId',
    label: 'Tax ID',
    autoComplete: 'off',
    optional: true,
    hint: 'Buying as an EU business? Your VAT ID, e.g. DE123456789: no VAT is added (reverse charge).',
  },
];

const valuesOf = (details: BillingDetails | null): Values => ({
  company: details?.company ?? '',
  name: details?.name ?? '',
  line1: details?.line1 ?? '',
  line2: details?.line2 ?? '',
  postalCode: details?.postalCode ?? '',
  city: details?.city ?? '',
  state: details?.state ?? '',
  country: details?.country ?? '',
  taxId: details?.taxId ?? '',
});

/** The countries of the checkout, by their English names. */
const countries = () =>
  countryCodes
    .map((code) => [code, countryNameOf(code)] as const)
    .sort((a, b) => a[1].localeCompare(b[1], 'en'));

interface Props {
  details: BillingDetails | null;
  onSaved: (overview: BillingOverview) => void;
  onClose: () => void;
}

export function DetailsForm({ details, onSaved, onClose }: Props) {
  const id = useId();
  const [values, setValues] = useState(() => valuesOf(details));
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
      onSaved(await apiCall('PATCH', '/api/billing/details', billingOverviewSchema, values));
    } catch (failure) {
      if (leftForLogin(failure)) return;
      const field = failure instanceof ApiFailure ? failure.field : null;
      setError({ message: messageFor(failure, detailsSaveFailed, Messages.sendNetwork), field });
    } finally {
      setBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const input = (spec: FieldSpec) => {
    const invalid = error?.field === spec.key;
    const hintId = spec.hint ? `${id}-${spec.key}-hint` : '';
    const describedBy = [hintId, invalid ? errorId : ''].filter(Boolean).join(' ');
    return (
      <div className="field" key={spec.key}>
        <label htmlFor={`${id}-${spec.key}`}>
          {spec.label}
          {spec.optional && <span className="billing-muted"> (optional)</span>}
        </label>
        {spec.hint && (
          <p id={hintId} className="field-hint">
            {spec.hint}
          </p>
        )}
        <input
          id={`${id}-${spec.key}`}
          name={spec.key}
          type="text"
          value={values[spec.key]}
          autoComplete={spec.autoComplete}
          aria-required={!spec.optional}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setValues({ ...values, [spec.key]: event.target.value })}
        />
      </div>
    );
  };

  const countryInvalid = error?.field === 'country';
  return (
    <form ref={form} className="billing-details-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="field-hint">
        Changes apply to future invoices. Invoices already issued keep the details they were issued
        with.
      </p>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {before.map(input)}
      <div className="field">
        <label htmlFor={`${id}-country`}>Country</label>
        <select
          id={`${id}-country`}
          name="country"
          value={values.country}
          autoComplete="country"
          aria-required
          aria-invalid={countryInvalid || undefined}
          aria-describedby={countryInvalid ? errorId : undefined}
          onChange={(event) => setValues({ ...values, country: event.target.value })}
        >
          <option value="">Choose a country</option>
          {countries().map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {after.map(input)}
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
