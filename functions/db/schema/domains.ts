import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { organizations } from './organizations';

/**
 * Where a domain of an organization stands: `pending` until its TXT record is first found,
 * `verified` while the record is there (checked again every day), `lapsed` once a daily check
 * no longer finds it (a lapsed domain may be checked again and is verified anew).
 */
export const domainStatusValues = ['pending', 'verified', 'lapsed'] as const;

/**
 * The e-mail domains an organization claims, each proved by a TXT record
 * `sheetwright-verification=<token>` published at the domain (services/organizations/domains.ts).
 * An organization lists a domain once; a domain is VERIFIED for at most one organization, which
 * the partial UNIQUE index `organization_domains_verified_unique` holds under concurrency: the
 * second organization's verifying UPDATE fails on it. Removing a domain deletes its row (the
 * team feed keeps what happened).
 */
export const organizationDomains = sqliteTable(
  'organization_domains',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Lower case, without a trailing dot (`example.com`). */
    domain: text('domain').notNull(),
    /** The random part of the TXT record's value. */
    token: text('token').notNull(),
    status: text('status', { enum: domainStatusValues }).notNull(),
    /** Who added it (the owner at the time). */
    addedBy: text('added_by').notNull(),
    createdAt: integer('created_at').notNull(),
    /** When it was verified most recently; null while it never was. */
    verifiedAt: integer('verified_at'),
    /** When the daily check found the record gone; null unless `lapsed`. */
    lapsedAt: integer('lapsed_at'),
    /** When the record was last looked up (by Check now or the daily check); null before. */
    checkedAt: integer('checked_at'),
  },
  (table) => [
    uniqueIndex('organization_domains_org_domain_unique').on(table.organizationId, table.domain),
    uniqueIndex('organization_domains_verified_unique')
      .on(table.domain)
      .where(sql`status = 'verified'`),
    // The daily check: verified domains whose last look-up is a day old.
    index('organization_domains_status_checked_idx').on(table.status, table.checkedAt),
  ],
);
/** A row of `organizationDomains`. */
export type OrganizationDomainRow = typeof organizationDomains.$inferSelect;

/**
 * The TXT records a developer "published" on /dev/dns, which the local DNS stand-in
 * (adapters/dns-local.ts) answers from. Development only: nothing else reads or writes it.
 */
export const devDnsRecords = sqliteTable(
  'dev_dns_records',
  {
    id: text('id').primaryKey(),
    /** Lower case, without a trailing dot. */
    name: text('name').notNull(),
    value: text('value').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('dev_dns_records_name_value_unique').on(table.name, table.value)],
);
