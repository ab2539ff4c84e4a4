/**
 * The fields of an Enterprise agreement: the new organization's form (with the owner and the
 * term's start) and the edit dialog of the organization page. The server checks every value.
 */
import { useId, type ReactNode } from 'react';
import { supportTiers } from '../../contract/admin-organizations';
import type { AgreementInput, CreateInput } from './agreement-input';

/** The support tiers in words. */
export const tierLabels: Record<AgreementInput['supportTier'], string> = {
  standard: 'Standard',
  priority: 'Priority',
};

interface Props<T extends AgreementInput> {
  value: T;
  onChange: (value: T) => void;
  /** The new organization's form shows the owner and the term's start too. */
  create?: boolean;
}

export function AgreementFields<T extends AgreementInput>({
  value,
  onChange,
  create = false,
}: Props<T>) {
  const id = useId();
  const set = (key: keyof CreateInput) => (text: string) => onChange({ ...value, [key]: text });
  const createValue = value as Partial<CreateInput>;
  return (
    <div className="console-form-grid">
      <Field id={`${id}-name`} label="Organization name" wide>
        <input
          id={`${id}-name`}
          type="text"
          maxLength={200}
          autoComplete="organization"
          value={value.name}
          onChange={(event) => set('name')(event.target.value)}
        />
      </Field>
      {create && (
        <Field
          id={`${id}-owner`}
          label="Owner's e-mail"
          hint="The owner must have an account (a free trial is enough). They manage the team; they take a seat only if they join as a member."
          wide
        >
          <input
            id={`${id}-owner`}
            type="email"
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            value={createValue.ownerEmail ?? ''}
            aria-describedby={`${id}-owner-hint`}
            onChange={(event) => set('ownerEmail')(event.target.value)}
          />
        </Field>
      )}
      <Field id={`${id}-seats`} label="Seats">
        <input
          id={`${id}-seats`}
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          step={1}
          value={value.seats}
          onChange={(event) => set('seats')(event.target.value)}
        />
      </Field>
      <Field id={`${id}-devices`} label="Devices per seat">
        <input
          id={`${id}-devices`}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          value={value.deviceLimit}
          onChange={(event) => set('deviceLimit')(event.target.value)}
        />
      </Field>
      {create && (
        <Field id={`${id}-start`} label="Term starts">
          <input
            id={`${id}-start`}
            type="date"
            value={createValue.termStart ?? ''}
            onChange={(event) => set('termStart')(event.target.value)}
          />
        </Field>
      )}
      <Field
        id={`${id}-end`}
        label="Term ends"
        hint="Member licenses expire at the start of this day (UTC)."
      >
        <input
          id={`${id}-end`}
          type="date"
          value={value.termEnd}
          aria-describedby={`${id}-end-hint`}
          onChange={(event) => set('termEnd')(event.target.value)}
        />
      </Field>
      <Field id={`${id}-tier`} label="Support tier">
        <select
          id={`${id}-tier`}
          className="console-select"
          value={value.supportTier}
          onChange={(event) => set('supportTier')(event.target.value)}
        >
          {supportTiers.map((tier) => (
            <option key={tier} value={tier}>
              {tierLabels[tier]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}-ref`}
        label="Agreement reference"
        hint="The signed agreement or purchase order; billing is by agreement, outside Stripe."
      >
        <input
          id={`${id}-ref`}
          type="text"
          maxLength={200}
          autoComplete="off"
          value={value.agreementRef}
          aria-describedby={`${id}-ref-hint`}
          onChange={(event) => set('agreementRef')(event.target.value)}
        />
      </Field>
      <Field id={`${id}-notes`} label="Internal notes" hint="Only operators see these." wide>
        <textarea
          id={`${id}-notes`}
          className="console-textarea"
          rows={3}
          maxLength={5000}
          value={value.notes}
          aria-describedby={`${id}-notes-hint`}
          onChange={(event) => set('notes')(event.target.value)}
        />
      </Field>
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  /** Spans the whole row of the grid. */
  wide?: boolean;
  children: ReactNode;
}

function Field({ id, label, hint, wide = false, children }: FieldProps) {
  return (
    <div className={wide ? 'field console-field-wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
