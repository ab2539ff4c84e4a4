/**
 * What a signed-in visitor sees on /signup: plan names compared case-insensitively.
 * - trial page: Trial → upgrade offer; Standard or Enterprise → cannot claim a trial.
 * - standard page: Trial → upgrade; Standard → already has it; Enterprise → all set.
 */
import type { SignupPlan } from '../../contract/signup';

export type MemberNotice = 'upgrade' | 'cannot-claim-trial' | 'already-standard' | 'all-set';

export function memberNotice(userPlan: string, pagePlan: SignupPlan): MemberNotice | null {
  const plan = userPlan.trim().toLowerCase();
  if (plan === 'trial') return 'upgrade';
  if (pagePlan === 'trial')
    return plan === 'standard' || plan === 'enterprise' ? 'cannot-claim-trial' : null;
  if (plan === 'standard') return 'already-standard';
  if (plan === 'enterprise') return 'all-set';
  return null;
}
