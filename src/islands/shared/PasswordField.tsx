/** A password input with its show/hide toggle (Signup). */
import { useId, useState } from 'react';
import { useKeepTyped } from './keep-typed';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Id of the error text when the error concerns this field. */
  errorId?: string | undefined;
  /** Whether that error marks the field invalid (by default, any error does). */
  invalid?: boolean;
  name?: string;
  minLength?: number;
}

export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  errorId,
  invalid = errorId !== undefined,
  name,
  minLength,
}: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  // A password typed or filled in before hydration stays (keep-typed.ts).
  const input = useKeepTyped(value, onChange);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input
          ref={input}
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          minLength={minLength}
          maxLength={128}
          aria-invalid={errorId && invalid ? true : undefined}
          aria-describedby={errorId}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={shown}
          aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setShown((current) => !current)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
