/** The activation history (license_events) as the Usage page and the console show it. */
import { desc, eq, sql } from 'drizzle-orm';
import type { LicenseEventView } from '../../../../src/contract/usage';
import { licenseEvents } from '../../../db/schema';
import { iso, type Db } from '../../shared/db';

/** Entries the Usage page shows. */
export const HISTORY_LIMIT = 50;

/** The account's activation history, newest first. */
export async function licenseHistory(
  db: Db,
  userId: string,
  limit = HISTORY_LIMIT,
): Promise<LicenseEventView[]> {
  const rows = await db
    .select()
    .from(licenseEvents)
    .where(eq(licenseEvents.userId, userId))
    // rowid breaks ties in insertion order: a replacement writes `replaced` then `activated`
    // at the same instant, and the page should show the activation as the newer one.
    .orderBy(desc(licenseEvents.createdAt), desc(sql`rowid`))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    source: row.source,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    at: iso(row.createdAt),
  }));
}
