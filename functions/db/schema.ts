/**
 * D1 schema (DESIGN §1). Migrations in `migrations/` are generated from this file with
 * `npm run db:generate`; never edit a generated migration by hand, add a new one.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Messages from the About page's Get in Touch form (DESIGN §3.4). */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** Milliseconds since the epoch; the rate limiter and the cron cleanup read ranges of it. */
    createdAt: integer('created_at').notNull(),
    /** Sender's IP (CF-Connecting-IP), kept for per-IP rate limiting and abuse reports. */
    ip: text('ip'),
  },
  (table) => [index('contact_messages_created_at_idx').on(table.createdAt)],
);
