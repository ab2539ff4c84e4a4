/**
 * Client checks of the signup form, in the order a person fixes them. Name and e-mail
 * are also `required` inputs, so the browser has already refused them empty.
 */
import { Messages } from '../../contract/messages';
import { customerNameRule, emailRule, newPasswordRule, normalizeEmail } from '../../contract/rules';
import type { FieldError, SignupValues } from './signup-values';

/** The password's length rules (docs/product-rules.md, "Passwords"), then both entries equal. */
export function checkNewPassword(password: string, confirm: string): string | null {
  return newPasswordRule(password) ?? (password === confirm ? null : Messages.passwordsDoNotMatch);
}

/** The first problem with the form, or null when it may be sent. */
export function checkSignup(values: SignupValues): FieldError | null {
  const name = customerNameRule(values.customerName.trim());
  if (name) return { message: name, field: 'customerName' };
  const email = emailRule(normalizeEmail(values.email));
  if (email) return { message: email, field: 'email' };
  const password = checkNewPassword(values.password, values.confirmPassword);
  if (password) {
    return {
      message: password,
      field: password === Messages.passwordsDoNotMatch ? 'confirmPassword' : 'password',
    };
  }
  if (!values.agreeToTerms) return { message: Messages.termsRequired, field: 'agreeToTerms' };
  return null;
}
