/** Licenses: one current license per user, the newest; keys from license-keys.ts. */
import { desc, eq } from 'drizzle-orm';
import { plans, site } from '../../../../src/site.config';
import { licenses, type LicenseRow } from '../../../db/schema';
import { DAY_MS, type Db, type Millis } from '../../shared/db';
import { generateLicenseKey } from './license-keys';

/** A new active Trial license: activated now, expiring after the trial's days. */
export function newTrialLicense(userId: string, now: Millis): LicenseRow {
  return {
    id: crypto.randomUUID(),
    userId,
    licenseKey: generateLicenseKey(),
    plan: 'Trial',
    status: 'active',
    activatedAt: now,
    expiresAt: now + (plans.trial.durationDays ?? 0) * DAY_MS,
    createdAt: now,
    appVersion: site.currentVersion,
    deactivationsResetAt: null,
  };
}

/** A new active Standard license for one paid year. */
export function newStandardLicense(userId: string, now: Millis): LicenseRow {
  return {
    id: crypto.randomUUID(),
    userId,
    licenseKey: generateLicenseKey(),
    plan: 'Standard',
    status: 'active',
    activatedAt: now,
    expiresAt: standardExpiry(now),
    createdAt: now,
    appVersion: site.currentVersion,
    deactivationsResetAt: null,
  };
}

/** When a Standard license bought or renewed at `now` ends: one paid year. */
export function standardExpiry(now: Millis): Millis {
  return now + (plans.standard.durationDays ?? 365) * DAY_MS;
}

/**
 * The license's status as the customer sees it: an active license past its expiry reads expired
 * at once, before the cron job marks it.
 */
export function effectiveLicenseStatus(
  license: Pick<LicenseRow, 'status' | 'expiresAt'>,
  now: Millis,
): LicenseRow['status'] {
  return license.status === 'active' && license.expiresAt <= now ? 'expired' : license.status;
}

/** The query of `currentLicense`, to run inside a db.batch. */
export function currentLicenseQuery(db: Db, userId: string) {
  return db
    .select()
    .from(licenses)
    .where(eq(licenses.userId, userId))
    .orderBy(desc(licenses.createdAt))
    .limit(1);
}

/** The user's current license: the newest one. */
export async function currentLicense(db: Db, userId: string): Promise<LicenseRow | undefined> {
  const [row] = await currentLicenseQuery(db, userId);
  return row;
}

/** Every license of the user, newest (the current one) first. */
export function licensesOfUser(db: Db, userId: string): Promise<LicenseRow[]> {
  return db
    .select()
    .from(licenses)
    .where(eq(licenses.userId, userId))
    .orderBy(desc(licenses.createdAt));
}
