/**
 * What the signup calls answer (their zod schemas: api/account-schemas.ts; the island's checks:
 * src/generated/answer-checks.ts); the request bodies are validated by the Worker (schemas/auth.ts).
 */
import type {
  SendVerificationCodeAnswer,
  VerifySignupCodeAnswer,
} from '../generated/answer-checks';
export type { VerifiedFormData } from '../generated/answer-checks';

/** Plans a visitor can sign up for on the site (Enterprise is by contact). */
export const signupPlans = ['trial', 'standard'] as const;
export type SignupPlan = (typeof signupPlans)[number];

/** POST /api/send-verification-email */
export type SendVerificationResponse = SendVerificationCodeAnswer;

/** POST /api/verify-email-code */
export type VerifyCodeResponse = VerifySignupCodeAnswer;
