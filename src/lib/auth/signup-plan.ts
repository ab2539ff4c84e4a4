/** Which plan /signup is for; its own module, as the page needs it before anything else loads. */
import type { SignupPlan } from '../../contract/signup';

/** The plan of /signup?plan=: standard only when the query names it, otherwise the trial. */
export function signupPlanFromQuery(search: string): SignupPlan {
  return new URLSearchParams(search).get('plan')?.trim().toLowerCase() === 'standard'
    ? 'standard'
    : 'trial';
}
