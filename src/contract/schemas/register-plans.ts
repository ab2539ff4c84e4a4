/**
 * The register bodies per plan: the trial and the Standard endpoints take the same body
 * (auth.ts) and each accepts only its own plan. Only the Worker's routes import this file, so the
 * islands' bundles do not carry it.
 */
import { z } from 'zod';
import { registerEmailSchema, registerGoogleSchema } from './auth';
import { ApiMessages } from '../messages';
import { signupPlans, type SignupPlan } from '../signup';
import { lazySchema } from './lazy';

const trialOnly = { error: ApiMessages.trialEndpointOnly };
const standardOnly = { error: ApiMessages.standardEndpointOnly };

/**
 * `body` taking only `plan`. The body's own plan field still reads either plan (so another
 * plan gets the endpoint's own message, after every other field is valid); the document names
 * the one this endpoint takes.
 */
function onlyPlan<T extends typeof registerEmailSchema | typeof registerGoogleSchema>(
  body: T,
  plan: SignupPlan,
  refusal: { error: string },
) {
  return (body.unwrap() as z.ZodObject<{ plan: z.ZodType<SignupPlan> }>)
    .extend({ plan: z.enum(signupPlans).meta({ enum: [plan] }) })
    .refine((value) => value.plan === plan, refusal) as unknown as T;
}

/** POST /api/register-email-trial */
export const registerEmailTrialSchema = lazySchema(() =>
  onlyPlan(registerEmailSchema, 'trial', trialOnly),
);
/** POST /api/register-email-standard */
export const registerEmailStandardSchema = lazySchema(() =>
  onlyPlan(registerEmailSchema, 'standard', standardOnly),
);
/** POST /api/register-google-trial */
export const registerGoogleTrialSchema = lazySchema(() =>
  onlyPlan(registerGoogleSchema, 'trial', trialOnly),
);
/** POST /api/register-google-standard */
export const registerGoogleStandardSchema = lazySchema(() =>
  onlyPlan(registerGoogleSchema, 'standard', standardOnly),
);
