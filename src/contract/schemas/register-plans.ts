/**
 * The register bodies per plan: the trial and the Standard endpoints take the same body
 * (auth.ts) and each accepts only its own plan. Only the Worker's routes import this file, so the
 * islands' bundles do not carry it.
 */
import { registerEmailSchema, registerGoogleSchema } from './auth';
import { ApiMessages } from '../messages';
import { lazySchema } from './lazy';

const trialOnly = { error: ApiMessages.trialEndpointOnly };
const standardOnly = { error: ApiMessages.standardEndpointOnly };

/** POST /api/register-email-trial */
export const registerEmailTrialSchema = lazySchema(() =>
  registerEmailSchema.refine((body) => body.plan === 'trial', trialOnly),
);
/** POST /api/register-email-standard */
export const registerEmailStandardSchema = lazySchema(() =>
  registerEmailSchema.refine((body) => body.plan === 'standard', standardOnly),
);
/** POST /api/register-google-trial */
export const registerGoogleTrialSchema = lazySchema(() =>
  registerGoogleSchema.refine((body) => body.plan === 'trial', trialOnly),
);
/** POST /api/register-google-standard */
export const registerGoogleStandardSchema = lazySchema(() =>
  registerGoogleSchema.refine((body) => body.plan === 'standard', standardOnly),
);
