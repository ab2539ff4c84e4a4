/**
 * What the signup calls answer, as shapes the signup island checks (see shape.ts); the request
 * bodies are validated by the Worker (schemas/auth.ts).
 */
import { boolean, integer, object, oneOf, string, type Infer } from './shape.ts';

/** Plans a visitor can sign up for on the site (Enterprise is by contact). */
export const signupPlans = ['trial', 'standard'] as const;
export type SignupPlan = (typeof signupPlans)[number];

/** POST /api/send-verification-email */
export const sendVerificationResponseSchema = object({
  message: string,
  /** 1 for the first code sent to this e-mail in the current window, then 2, 3, ... */
  attempt: integer,
  /** Seconds the code stays valid (600). */
  expiresIn: integer,
});
export type SendVerificationResponse = Infer<typeof sendVerificationResponseSchema>;

/** The pending form data the server returns after a successful check (no password in it). */
export const verifiedFormDataSchema = object({
  customerName: string,
  email: string,
  plan: oneOf(signupPlans),
  fingerprintId: string,
});
export type VerifiedFormData = Infer<typeof verifiedFormDataSchema>;

/** POST /api/verify-email-code */
export const verifyCodeResponseSchema = object({
  verified: boolean,
  formData: verifiedFormDataSchema,
  message: string,
});
export type VerifyCodeResponse = Infer<typeof verifyCodeResponseSchema>;
