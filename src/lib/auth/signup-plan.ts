/** Which plan /signup is for; its own module, as the page needs it before anything else loads. */
import type { SignupPlan } from '../../contract/signup';

/** The plan of /signup?plan=: trial unless the query names standard (SPEC §2: trial is the default). */
export function signupPlanFromQuery(search: string): SignupPlan {
  return new URLSearchParams(search).get('plan')?.trim().toLowerCase() === 'standard'
    ? 'standard'
    : 'trial';
}
