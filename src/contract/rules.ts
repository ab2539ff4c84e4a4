/**
 * The rules of the fields people type, as plain functions: the islands check a form with them
 * before sending it, and the Worker's request schemas (schemas/auth.ts) apply the same functions, so
 * the two can never disagree. Each rule returns the exact product message to show, or null.
 * No schema library here: a page's bundle carries only the rules its form uses.
 */
import { limits } from '../site.config.ts';
import { hasVisibleText, isPlainLine } from './plain-text.ts';
import {
  codeFormat,
  invalidEmail,
  invalidResetToken,
  nameInvisible,
  nameNotPlain,
  passwordRequired,
  passwordTooLong,
  passwordTooShort,
} from './texts.ts';

export type Rule = (value: string) => string | null;

/** Zod's "practical" e-mail pattern (z.email()), which the API used before these rules. */
export const EMAIL = /^(?:[\w'+-]+\.)*[\w'+-]*[\w+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

/** E-mail addresses are compared and stored trimmed and lower-case. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Of a normalized address. */
export const emailRule: Rule = (email) =>
  email.length <= EMAIL_MAX && EMAIL.test(email) ? null : invalidEmail;

/** Of a trimmed name. */
export const customerNameRule: Rule = (name) => {
  if (!name) return 'Please enter your name.';
  if (name.length > NAME_MAX) return `Customer name must have at most ${NAME_MAX} characters.`;
  if (!isPlainLine(name)) return nameNotPlain;
  return hasVisibleText(name) ? null : nameInvisible;
};

/** A password being chosen (signup, reset): minimum and maximum length, nothing truncated
 * (docs/product-rules.md, "Passwords"). */
export const newPasswordRule: Rule = (password) => {
  if (password.length < limits.passwordMinLength) return passwordTooShort;
  if (password.length > limits.passwordMaxLength) return passwordTooLong(limits.passwordMaxLength);
  return null;
};

/** A password being typed to sign in. */
export const loginPasswordRule: Rule = (password) => {
  if (!password) return passwordRequired;
  if (password.length > limits.passwordMaxLength) return passwordTooLong(limits.passwordMaxLength);
  return null;
};

export const codeRule: Rule = (code) =>
  code.length === limits.codeLength && /^\d+$/.test(code) ? null : codeFormat;

/** The token of a password reset link. */
export const resetTokenRule: Rule = (token) =>
  token.length >= 16 && token.length <= 256 ? null : invalidResetToken;
