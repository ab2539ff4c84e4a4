/**
 * The two forms of the invitation page for a visitor who is not signed in: a new account by the
 * link (the link proved the address, so the e-mail is shown, not asked) with the password rules
 * and texts of /signup, or the password of the account the address already has.
 */
import { useId, useState, type ReactNode } from 'react';
import { Messages } from '../../contract/messages';
import { customerNameRule, loginPasswordRule } from '../../contract/rules';
import { limits } from '../../site.config';
import { PasswordField } from '../shared/PasswordField';
import { checkNewPassword } from '../signup/form-rules';

interface FormProps {
  email: string;
  busy: boolean;
  /** The last refusal (a check here or the server's message). */
  error: string | null;
  onError: (message: string | null) => void;
}

function AddressField({ id, email }: { id: string; email: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Email Address</label>
      <input id={id} type="email" value={email} readOnly autoComplete="username" />
    </div>
  );
}

function FormError({ id, error }: { id: string; error: string | null }): ReactNode {
  return (
    error && (
      <p id={id} className="form-error" role="alert">
        {error}
      </p>
    )
  );
}

export function SignupByLinkForm({
  email,
  busy,
  error,
  onError,
  onSubmit,
}: FormProps & { onSubmit: (values: { customerName: string; password: string }) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agree, setAgree] = useState(false);
  const errorId = `${id}-error`;

  const submit = () => {
    if (busy) return;
    const customerName = name.trim();
    const problem =
      customerNameRule(customerName) ??
      checkNewPassword(password, confirm) ??
      (agree ? null : Messages.termsRequired);
    if (problem) return onError(problem);
    onSubmit({ customerName, password });
  };

  return (
    <form
      className="account-form"
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Full Name</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            onError(null);
          }}
        />
      </div>
      <AddressField id={`${id}-email`} email={email} />
      <PasswordField
        label="Password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          onError(null);
        }}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirm Password"
        value={confirm}
        onChange={(value) => {
          setConfirm(value);
          onError(null);
        }}
        autoComplete="new-password"
      />
      <p className="field-hint">At least {limits.passwordMinLength} characters.</p>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={agree}
          onChange={(event) => {
            setAgree(event.target.checked);
            onError(null);
          }}
        />
        <span>
          I agree to the <a href="/terms">Terms of Service</a> and the{' '}
          <a href="/privacy">Privacy Policy</a>
        </span>
      </label>
      <FormError id={errorId} error={error} />
      <button type="submit" className="button button-block" aria-disabled={busy}>
        {busy ? 'Processing...' : 'Create account and join'}
      </button>
    </form>
  );
}

export function SignInToAcceptForm({
  email,
  busy,
  error,
  onError,
  onSubmit,
}: FormProps & { onSubmit: (password: string) => void }) {
  const id = useId();
  const [password, setPassword] = useState('');

  const submit = () => {
    if (busy) return;
    const problem = loginPasswordRule(password);
    if (problem) return onError(problem);
    onSubmit(password);
  };

  return (
    <form
      className="account-form"
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <AddressField id={`${id}-email`} email={email} />
      <PasswordField
        label="Password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          onError(null);
        }}
        autoComplete="current-password"
      />
      <p className="field-hint">
        <a href="/forgot-password">Forgot Password?</a> Signed up with Google?{' '}
        <a href="/login">Log in</a>, then open the invitation link again.
      </p>
      <FormError id={`${id}-error`} error={error} />
      <button type="submit" className="button button-block" aria-disabled={busy}>
        {busy ? 'Logging In...' : 'Log In and Accept'}
      </button>
    </form>
  );
}
