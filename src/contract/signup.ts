/**
 * What the signup calls answer (their zod schemas: api/account-schemas.ts; the island's checks:
 * src/generated/answers/); the request bodies are validated by the Worker (schemas/auth.ts).
 */
import type { SendVerificationCodeAnswer } from '../generated/answers/SendVerificationCodeAnswer';
import type { VerifySignupCodeAnswer } from '../generated/answers/VerifySignupCodeAnswer';
export type { VerifiedFormData } from '../generated/answers/VerifiedFormData';

/** Plans a visitor can sign up for on the site (Enterprise is by contact). */
export const signupPlans = ['trial', 'standard'] as const;
export type SignupPlan = (typeof signupPlans)[number];

/** POST /api/send-verification-email */
export type SendVerificationResponse = SendVerificationCodeAnswer;

/** POST /api/verify-email-code */
export type VerifyCodeResponse = VerifySignupCodeAnswer;
