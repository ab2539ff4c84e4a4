/** Builds the contract `User` (src/contract/user.ts) the API answers and the browser keeps. */
import type { LicenseRow, UserRow } from '../../../db/schema';
import type { User } from '../../../../src/contract/user';
import { effectiveLicenseStatus } from '../licenses/licenses';
import type { Millis } from '../../shared/db';
import type { SessionInfo } from './sessions';

/**
 * The user as the dashboard shows it; a license past its expiry reads `expired` at once.
 * `organization` (whether the account owns one, and whether it holds a seat) is known to
 * GET /api/me, which every dashboard page asks.
 */
export function toUserView(
  user: UserRow,
  license: LicenseRow,
  session: Pick<SessionInfo, 'createdAt'>,
  now: Millis,
  organization?: { ownsOrganization: boolean; holdsSeat: boolean },
): User {
  return {
    userId: user.id,
    customerName: user.customerName,
    email: user.email,
    plan: user.plan,
    licenseStatus: effectiveLicenseStatus(license, now),
    activationDate: new Date(license.activatedAt).toISOString(),
    expirationDate: new Date(license.expiresAt).toISOString(),
    licenseKey: license.licenseKey,
    isDeleted: user.isDeleted,
    sessionStartedAt: new Date(session.createdAt).toISOString(),
    authProvider: user.passwordHash === null && user.googleSub !== null ? 'google' : 'email',
    ...(organization === undefined
      ? {}
      : { ownsOrganization: organization.ownsOrganization, holdsSeat: organization.holdsSeat }),
  };
}
