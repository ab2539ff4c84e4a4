/**
 * Who may use the operator console: an account with the role `admin` (granted only
 * from the command line, scripts/admin.mjs), not scheduled for deletion, whose session signed in
 * within the last `limits.operatorFreshHours` and proved a second factor (a passkey, or a code of
 * the authenticator app the account still has). A console left open overnight asks for a fresh
 * sign-in before it changes anything; one who can refund money and read every customer never
 * gets in by a password alone. Every change made from the console is a step-up action besides
 * (core/users/step-up.ts, asked by middleware/operator.ts): a proof of the operator's second
 * factor younger than 10 minutes.
 */
import { limits } from '../../../src/site.config';
import type { Operator } from '../../../src/contract/admin';
import { fail } from '../../lib/errors';
import type { SessionInfo } from '../core/users/sessions';
import { hasSecondFactor } from '../core/users/second-factors';
import { findUserById } from '../core/users/users';
import type { Db, Millis } from '../shared/db';

const FRESH_MS = limits.operatorFreshHours * 60 * 60 * 1000;

/** The operator acting in a request (`c.get('operator')`). */
export interface OperatorInfo {
  userId: string;
  email: string;
  customerName: string;
  /** When this session stops being fresh enough for the console. */
  freshUntil: Millis;
}

/**
 * True when `session` proved a second factor and its account still has one: removing the last
 * factor closes the console even to a session that proved it before.
 */
export async function provedSecondFactor(db: Db, session: SessionInfo): Promise<boolean> {
  return session.secondFactorAt !== null && (await hasSecondFactor(db, session.userId));
}

/** True when the account with this id is an operator (for the /admin pages' gate). */
export async function isOperator(db: Db, userId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  return user?.role === 'admin' && !user.isDeleted;
}

/**
 * The operator behind `session`: 403 FORBIDDEN for anyone else, 401 REAUTH_REQUIRED for an
 * operator whose sign-in is older than the fresh window, 403 SECOND_FACTOR_REQUIRED for one whose
 * session proved no second factor (or whose account has none left).
 */
export async function requireOperatorOf(
  { db, now }: { db: Db; now: Millis },
  session: SessionInfo,
): Promise<OperatorInfo> {
  const user = await findUserById(db, session.userId);
  if (user?.role !== 'admin' || user.isDeleted) throw fail('FORBIDDEN');
  const freshUntil = session.createdAt + FRESH_MS;
  if (freshUntil <= now) throw fail('REAUTH_REQUIRED');
  if (!(await provedSecondFactor(db, session))) throw fail('SECOND_FACTOR_REQUIRED');
  return { userId: user.id, email: user.email, customerName: user.customerName, freshUntil };
}

/** The operator as GET /api/admin/session answers it. */
export function toOperatorView(operator: OperatorInfo): Operator {
  return {
    userId: operator.userId,
    email: operator.email,
    customerName: operator.customerName,
    freshUntil: new Date(operator.freshUntil).toISOString(),
  };
}
