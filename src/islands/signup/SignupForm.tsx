/** The signup form: fields, show toggles, terms, bot check and buttons. */
import { useId, type RefObject } from 'react';
import type { SignupPlan } from '../../contract/signup';
import { limits } from '../../site.config';
import { BotCheck } from '../shared/BotCheck';
import type { BotCheckController } from '../shared/bot-check';
import { GoogleButton } from '../shared/GoogleButton';
import { useKeepTicked, useKeepTyped } from '../shared/keep-typed';
import { PasswordField } from '../shared/PasswordField';
import type { FieldError, SignupField, SignupValues } from './signup-values';

interface Props {
  plan: SignupPlan;
  values: SignupValues;
  onChange: (patch: Partial<SignupValues>) => void;
  onSubmit: () => void;
  error: FieldError | null;
  /** The fingerprint is still loading: 'Initializing...'. */
  initializing: boolean;
  /** A call is running: 'Processing...'. */
  busy: boolean;
  bot: RefObject<BotCheckController | null>;
  onGoogleCredential: (credential: string) => void;
  onGoogleError: (message: string) => void;
  /** Before leaving for Google: the terms must be accepted first. */
  beforeGoogle: () => boolean;
}

/** The submit button's label in each state. */
export function submitLabel(plan: SignupPlan, initializing: boolean, busy: boolean): string {
  if (initializing) return 'Initializing...';
  if (busy) return 'Processing...';
  return plan === 'standard' ? 'Start Standard Plan' : 'Start Free Trial';
}

export function SignupForm(props: Props) {
  const { plan, values, onChange, onSubmit, error, initializing, busy, bot } = props;
  const id = useId();
  const errorId = `${id}-error`;
  const describe = (field: SignupField) =>
    error && (error.field === field || error.field === null) ? errorId : undefined;
  const invalid = (field: SignupField) => (error?.field === field ? true : undefined);
  // What was typed or filled in before hydration stays (keep-typed.ts).
  const name = useKeepTyped(values.customerName, (typed) => onChange({ customerName: typed }));
  const email = useKeepTyped(values.email, (typed) => onChange({ email: typed }));
  const terms = useKeepTicked(values.agreeToTerms, (ticked) => onChange({ agreeToTerms: ticked }));

  return (
    <>
      <form
        className="account-form"
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && !initializing) onSubmit();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-name`}>Full Name</label>
          <input
            ref={name}
            id={`${id}-name`}
            type="text"
            autoComplete="name"
            required
            maxLength={100}
            value={values.customerName}
            onChange={(event) => onChange({ customerName: event.target.value })}
            aria-invalid={invalid('customerName')}
            aria-describedby={describe('customerName')}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email Address</label>
          <input
            ref={email}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={values.email}
            onChange={(event) => onChange({ email: event.target.value })}
            aria-invalid={invalid('email')}
            aria-describedby={describe('email')}
          />
        </div>
        <PasswordField
          label="Password"
          value={values.password}
          onChange={(password) => onChange({ password })}
          autoComplete="new-password"
          errorId={error?.field === 'password' ? errorId : undefined}
        />
        <PasswordField
          label="Confirm Password"
          value={values.confirmPassword}
          onChange={(confirmPassword) => onChange({ confirmPassword })}
          autoComplete="new-password"
          errorId={error?.field === 'confirmPassword' ? errorId : undefined}
        />
        <p className="field-hint">At least {limits.passwordMinLength} characters.</p>
        <label className="checkbox-row">
          <input
            ref={terms}
            type="checkbox"
            checked={values.agreeToTerms}
            onChange={(event) => onChange({ agreeToTerms: event.target.checked })}
            aria-invalid={invalid('agreeToTerms')}
            aria-describedby={error?.field === 'agreeToTerms' ? errorId : undefined}
          />
          <span>
            I agree to the <a href="/terms">Terms of Service</a> and the{' '}
            <a href="/privacy">Privacy Policy</a>
          </span>
        </label>
        <BotCheck action="signup" controllerRef={bot} />
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {error.message}
          </p>
        )}
        {/* aria-disabled while busy keeps focus on the button (a disabled one drops it, and the
            code modal could not return focus there); the submit handler ignores busy clicks. */}
        <button
          type="submit"
          className="button button-block"
          disabled={initializing}
          aria-disabled={busy}
        >
          {submitLabel(plan, initializing, busy)}
        </button>
      </form>
      <p className="divider">or</p>
      <GoogleButton
        label="Sign up with Google"
        intent={{ kind: 'signup', plan }}
        onCredential={props.onGoogleCredential}
        onError={props.onGoogleError}
        beforeStart={props.beforeGoogle}
        disabled={busy}
      />
      <div className="auth-footer">
        <a className="button button-secondary" href="/pricing">
          Cancel
        </a>
        <p>
          Already have an account? <a href="/login">Sign In</a>
        </p>
      </div>
    </>
  );
}
