/**
 * Request and response bodies of the account API, validated with the same
 * schemas in the islands (before sending) and in the Worker (at the route edge).
 */
import { z } from 'zod';
import { limits } from '../site.config';
import { Messages } from './messages';
import { isPlainLine } from './plain-text';

/** Plans a visitor can sign up for on the site (Enterprise is by contact). */
export const signupPlanSchema = z.enum(['trial', 'standard']);
export type SignupPlan = z.infer<typeof signupPlanSchema>;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, Messages.invalidEmail)
  .email(Messages.invalidEmail);
const customerName = z
  .string()
  .trim()
  .min(1, 'Please enter your name.')
  .max(100)
  .refine(isPlainLine, Messages.nameNotPlain);
/** SPEC §5 minimum (its message is a requirement); our maximum; nothing is truncated. */
export const passwordSchema = z
  .string()
  .min(limits.passwordMinLength, Messages.passwordTooShort)
  .max(limits.passwordMaxLength, Messages.passwordTooLong(limits.passwordMaxLength));
/** Browser-derived visitor id (FingerprintJS visitorId). */
const fingerprintId = z.string().trim().min(8).max(128);
const botToken = z.string().min(1).max(4096);

/** POST /api/send-verification-email (also the resend, with `resend: true`). */
export const sendVerificationSchema = z.object({
  customerName,
  email,
  plan: signupPlanSchema,
  recaptchaToken: botToken,
  fingerprintId,
  /** A resend is bot-checked with the `resend_verification` action instead of `signup`. */
  resend: z.boolean().optional(),
});
export type SendVerificationBody = z.infer<typeof sendVerificationSchema>;

export const sendVerificationResponseSchema = z.object({
  message: z.string(),
  /** 1 for the first code sent to this e-mail in the current window, then 2, 3, ... */
  attempt: z.number().int().min(1),
  /** Seconds the code stays valid (600). */
  expiresIn: z.number().int(),
});
export type SendVerificationResponse = z.infer<typeof sendVerificationResponseSchema>;

/** POST /api/verify-email-code */
export const verifyCodeSchema = z.object({
  email,
  code: z.string().regex(new RegExp(`^\\d{${limits.codeLength}}$`), Messages.codeFormat),
});
export type VerifyCodeBody = z.infer<typeof verifyCodeSchema>;

/** The pending form data the server returns after a successful check (no password in it). */
export const verifiedFormDataSchema = z.object({
  customerName: z.string(),
  email: z.string(),
  plan: signupPlanSchema,
  fingerprintId: z.string(),
});
export type VerifiedFormData = z.infer<typeof verifiedFormDataSchema>;

export const verifyCodeResponseSchema = z.object({
  verified: z.boolean(),
  formData: verifiedFormDataSchema,
  message: z.string(),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/** POST /api/register-email-trial and /api/register-email-standard (signup payload). */
export const registerEmailSchema = z.object({
  customerName,
  email,
  password: passwordSchema,
  agreeToTerms: z.literal(true, { error: Messages.termsRequired }),
  fingerprintId,
  plan: signupPlanSchema,
});
export type RegisterEmailBody = z.infer<typeof registerEmailSchema>;

/** POST /api/register-google-trial and /api/register-google-standard. */
export const registerGoogleSchema = z.object({
  /** Google ID token (credential) from Google Identity Services, or from /dev/google locally. */
  googleToken: z.string().min(1).max(8192),
  agreeToTerms: z.literal(true, { error: Messages.termsRequired }),
  fingerprintId,
  plan: signupPlanSchema,
});
export type RegisterGoogleBody = z.infer<typeof registerGoogleSchema>;

/** POST /api/login */
export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, Messages.passwordRequired)
    .max(limits.passwordMaxLength, Messages.passwordTooLong(limits.passwordMaxLength)),
});
export type LoginBody = z.infer<typeof loginSchema>;

/** POST /api/login-google */
export const loginGoogleSchema = z.object({
  googleAccessToken: z.string().min(1).max(8192),
});
export type LoginGoogleBody = z.infer<typeof loginGoogleSchema>;

/**
 * POST /api/forgot-password: always answers 200 with the same message (no account probing);
 * bot-checked like signup (action `forgot_password`).
 */
export const forgotPasswordSchema = z.object({ email, recaptchaToken: botToken });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

/** POST /api/reset-password */
export const resetPasswordSchema = z.object({
  token: z.string().min(16, Messages.invalidResetToken).max(256, Messages.invalidResetToken),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

/** POST /api/contact */
export const contactSchema = z.object({
  name: z.string().trim().min(1).max(200).refine(isPlainLine, Messages.nameNotPlain),
  email,
  message: z.string().trim().min(1).max(5000),
  recaptchaToken: botToken,
});
export type ContactBody = z.infer<typeof contactSchema>;

/** Plain `{ message }` answers (logout, delete, forgot/reset password, contact). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
