/**
 * The development stand-in for DNS (dns.ts asks Cloudflare's DNS over HTTPS in production): a
 * developer "publishes" a TXT record for a host name on /dev/dns (routes/dev/dns.ts), and the
 * look-up answers the records published there, from the `dev_dns_records` table. A name nobody
 * published has no TXT records, as an unknown name has none in real DNS.
 */
import { asc, eq } from 'drizzle-orm';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from '../db/schema';
import { devDnsRecords } from '../db/schema';
import type { DnsTxtResolver } from './types';

type Db = DrizzleD1Database<typeof schema>;

/** A host name as the table keeps it: trimmed, lower case, without a trailing dot. */
export const localDnsName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

/** The TXT records published for `name`, oldest first. */
export async function localTxtRecords(db: Db, name: string): Promise<string[]> {
  const rows = await db
    .select({ value: devDnsRecords.value })
    .from(devDnsRecords)
    .where(eq(devDnsRecords.name, localDnsName(name)))
    .orderBy(asc(devDnsRecords.createdAt));
  return rows.map((row) => row.value);
}

export function createLocalDnsResolver(db: Db): DnsTxtResolver {
  return {
    kind: 'local',
    async txt(name) {
      return { kind: 'answered', records: await localTxtRecords(db, name) };
    },
  };
}
