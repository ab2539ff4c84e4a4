/**
 * Request bodies of the account API, validated by the Worker at the route edge. Server only: the
 * fields people type follow the rules of rules.ts, which the islands apply themselves before
 * sending (so their bundles carry no schema library); the answers are zod schemas in
 * api/account-schemas.ts, which the islands check through src/generated/answers/.
 */
import { z } from 'zod';
import { Messages } from '../messages';
import { plainName } from './names';
import {
  codeRule,
  customerNameRule,
  EMAIL,
  EMAIL_MAX,
  emailRule,
  loginPasswordRule,
  NAME_MAX,
  newPasswordRule,
  resetTokenRule,
} from '../rules';
import { limits } from '../../site.config';
import { PLAIN_LINE_CHAR } from './names';
import { trimmedPattern } from './patterns';
import { by } from './by';
import { signupPlans } from '../signup';
import { seatCountSchema } from './seats';
import { lazySchema } from './lazy';

export const signupPlanSchema = lazySchema(() => z.enum(signupPlans));

// Each `.meta` below says in the document what the rule beside it checks, for a value as sent.
/** An e-mail address as typed: trimmed, lower-cased, checked by `emailRule`. */
export const emailSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .toLowerCase()
    .superRefine(by(emailRule))
    .meta({
      pattern: `^\\s*(?=\\S{1,${EMAIL_MAX}}\\s*$)${EMAIL.source.slice(1, -1)}\\s*$`,
    }),
);
/** A person's name as typed: trimmed, checked by `customerNameRule`. */
export const customerNameSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .superRefine(by(customerNameRule))
    .meta({ pattern: trimmedPattern(1, NAME_MAX, PLAIN_LINE_CHAR) }),
);
export const passwordSchema = lazySchema(() =>
  z
    .string()
    .superRefine(by(newPasswordRule))
    .meta({ minLength: limits.passwordMinLength, maxLength: limits.passwordMaxLength }),
);
/** A password typed to sign in or to prove it is the owner. */
const currentPassword = lazySchema(() =>
  z
    .string()
    .superRefine(by(loginPasswordRule))
    .meta({ minLength: 1, maxLength: limits.passwordMaxLength }),
);
/** Browser-derived visitor id (FingerprintJS visitorId). */
const fingerprintId = lazySchema(() =>
  z
    .string()
    .trim()
    .min(8)
    .max(128)
    .meta({ pattern: trimmedPattern(8, 128) }),
);
const botToken = lazySchema(() => z.string().min(1).max(4096));

/** POST /api/send-verification-email (also the resend, with `resend: true`). */
export const sendVerificationSchema = lazySchema(() =>
  z.object({
    customerName: customerNameSchema,
    email: emailSchema,
    plan: signupPlanSchema,
    recaptchaToken: botToken,
    fingerprintId,
    /** A resend is bot-checked with the `resend_verification` action instead of `signup`. */
    resend: z.boolean().optional(),
  }),
);
export type SendVerificationBody = z.infer<typeof sendVerificationSchema>;

/** POST /api/verify-email-code */
export const verifyCodeSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    code: z
      .string()
      .superRefine(by(codeRule))
      .meta({ pattern: `^[0-9]{${limits.codeLength}}$` }),
  }),
);
export type VerifyCodeBody = z.infer<typeof verifyCodeSchema>;

/** POST /api/register-email-trial and /api/register-email-standard (signup payload). */
export const registerEmailSchema = lazySchema(() =>
  z.object({
    customerName: customerNameSchema,
    email: emailSchema,
    password: passwordSchema,
    agreeToTerms: z.literal(true, { error: Messages.termsRequired }),
    fingerprintId,
    plan: signupPlanSchema,
    /** Standard only: seats to buy (1 when left out; 2 or more make a team). */
    seats: seatCountSchema.optional(),
  }),
);
export type RegisterEmailBody = z.infer<typeof registerEmailSchema>;

/** POST /api/register-google-trial and /api/register-google-standard. */
export const registerGoogleSchema = lazySchema(() =>
  z.object({
    /** Google ID token (credential) from Google Identity Services, or from /dev/google locally. */
    googleToken: z.string().min(1).max(8192),
    agreeToTerms: z.literal(true, { error: Messages.termsRequired }),
    fingerprintId,
    plan: signupPlanSchema,
    /** Standard only: seats to buy (1 when left out). */
    seats: seatCountSchema.optional(),
  }),
);
export type RegisterGoogleBody = z.infer<typeof registerGoogleSchema>;

/** POST /api/login */
export const loginSchema = lazySchema(() =>
  z.object({
    email: emailSchema,
    password: currentPassword,
  }),
);
export type LoginBody = z.infer<typeof loginSchema>;

/** POST /api/sso/lookup: the address typed on the login page. */
export const ssoLookupSchema = lazySchema(() => z.object({ email: emailSchema }));
export type SsoLookupBody = z.infer<typeof ssoLookupSchema>;

/** POST /sso/start, the login page's form: the address to sign in with. */
export const ssoStartSchema = ssoLookupSchema;

/** POST /api/login-google */
export const loginGoogleSchema = lazySchema(() =>
  z.object({
    googleAccessToken: z.string().min(1).max(8192),
  }),
);
export type LoginGoogleBody = z.infer<typeof loginGoogleSchema>;

/**
 * POST /api/forgot-password: always answers 200 with the same message (no account probing);
 * bot-checked like signup (action `forgot_password`).
 */
export const forgotPasswordSchema = lazySchema(() =>
  z.object({ email: emailSchema, recaptchaToken: botToken }),
);
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

/** POST /api/reset-password */
export const resetPasswordSchema = lazySchema(() =>
  z.object({
    token: z.string().superRefine(by(resetTokenRule)).meta({ minLength: 16, maxLength: 256 }),
    password: passwordSchema,
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

/**
 * POST /api/change-password (signed in): the current password proves it is the owner at the
 * keyboard, not someone at an unlocked computer; the new one follows the signup rules.
 */
export const changePasswordSchema = lazySchema(() =>
  z.object({
    currentPassword,
    newPassword: passwordSchema,
  }),
);
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/**
 * POST /api/set-password (signed in): the first password of an account that signs in with Google
 * only. No current password exists, so a recent proof of who is at the keyboard stands in for it.
 */
export const setPasswordSchema = lazySchema(() => z.object({ newPassword: passwordSchema }));
export type SetPasswordBody = z.infer<typeof setPasswordSchema>;

/** POST /api/contact */
export const contactSchema = lazySchema(() =>
  z.object({
    name: plainName(z.string().trim().min(1).max(200)),
    email: emailSchema,
    message: z
      .string()
      .trim()
      .min(1)
      .max(5000)
      .meta({ pattern: trimmedPattern(1, 5000) }),
    recaptchaToken: botToken,
  }),
);
export type ContactBody = z.infer<typeof contactSchema>;

/** POST /api/check-payment-completion (the answer: payments.ts). */
export const checkPaymentCompletionSchema = lazySchema(() =>
  z.object({
    sessionId: z.string().min(1).max(255),
  }),
);
export type CheckPaymentCompletionBody = z.infer<typeof checkPaymentCompletionSchema>;

/** POST /api/billing/cancel: why, in the customer's words, when they say (optional). */
export const cancelSubscriptionSchema = lazySchema(() =>
  z.object({
    reason: z.string().trim().max(500, 'Please keep the reason under 500 characters.').optional(),
  }),
);
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionSchema>;
