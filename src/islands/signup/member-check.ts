/**
 * /signup for a visitor who is signed in: restores the stored session and tells which member
 * notice this signup page shows. Loaded only when storage holds a session, so a signed-out
 * visitor's page carries neither the session parser nor the auth store (budgets:
 * docs/performance.md).
 */
import type { SignupPlan } from '../../contract/signup';
import { memberNotice, type MemberNotice } from '../../lib/auth/member-notice';
import { restoreSession } from '../shared/auth-store';

export function memberNoticeOnLoad(plan: SignupPlan): MemberNotice | null {
  const { user } = restoreSession();
  return user ? memberNotice(user.plan, plan) : null;
}
