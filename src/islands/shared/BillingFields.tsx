/**
 * The billing details' fields, as the checkout asks for them (company, name, country, address,
 * tax ID): one set for Billing & Invoices' "Change billing details" and the bank-transfer form.
 * The server checks the values (functions/services/billing/details.ts) and answers the `field`
 * it is about, which is marked invalid with the sentence right below it (in a long form the top
 * of the form may be out of view).
 */
import type { BillingDetails } from '../../contract/billing';
import { countryChoices } from './countries';

/** The fields as typed (empty strings for nothing). */
export type BillingValues = Record<keyof BillingDetails, string>;

/** The typed values of saved details (or of none). */
export const billingValuesOf = (details: BillingDetails | null): BillingValues => ({
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
    hint: 'Buying as an EU business? Your VAT ID, e.g. DE123456789: no VAT is added once the EU VAT register confirms it (reverse charge).',
  },
];

/** True when the server's `field` names one of these fields (its sentence is shown beside it). */
export const isBillingField = (field: string | null | undefined): boolean =>
  field === 'country' || [...before, ...after].some((spec) => spec.key === field);

/** The form's error: its sentence, and the field it is about (null for the form as a whole). */
export interface FieldError {
  message: string;
  field: string | null;
}

/** The sentence of an error about one field, right below it; it describes the field. */
export function FieldMessage({ error, id }: { error: FieldError; id: string }) {
  return (
    <p id={id} className="form-error field-error" role="alert">
      {error.message}
    </p>
  );
}

interface Props {
  /** Unique per form (useId): the inputs' ids. */
  id: string;
  values: BillingValues;
  onChange: (values: BillingValues) => void;
  /** The form's error; when it is about one of these fields, it is shown below that field. */
  error: FieldError | null;
  /** The id the error's sentence gets (the invalid field is described by it). */
  errorId: string;
}

export function BillingFields({ id, values, onChange, error, errorId }: Props) {
  const invalidField = error?.field ?? null;
  const input = (spec: FieldSpec) => {
    const invalid = invalidField === spec.key;
    const hintId = spec.hint ? `${id}-${spec.key}-hint` : '';
    const describedBy = [hintId, invalid ? errorId : ''].filter(Boolean).join(' ');
    return (
      <div className="field" key={spec.key}>
        <label htmlFor={`${id}-${spec.key}`}>
          {spec.label}
          {spec.optional && <span className="field-optional"> (optional)</span>}
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
          onChange={(event) => onChange({ ...values, [spec.key]: event.target.value })}
        />
        {invalid && error && <FieldMessage error={error} id={errorId} />}
      </div>
    );
  };

  const countryInvalid = invalidField === 'country';
  return (
    <>
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
          onChange={(event) => onChange({ ...values, country: event.target.value })}
        >
          <option value="">Choose a country</option>
          {countryChoices().map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        {countryInvalid && error && <FieldMessage error={error} id={errorId} />}
      </div>
      {after.map(input)}
    </>
  );
}
