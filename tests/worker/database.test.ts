import { env } from 'cloudflare:workers';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../functions/db/client';
import { contactMessages } from '../../functions/db/schema';

describe('the D1 migrations', () => {
  it('create contact_messages matching the drizzle schema', async () => {
    const db = createDb(env.DB);
    const row = {
      id: crypto.randomUUID(),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Hello',
      createdAt: Date.now(),
      ip: '203.0.113.7',
      userAgent: 'TestBrowser/1.0',
    };

    await db.insert(contactMessages).values(row);
    const [stored] = await db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt));

    // New rows start in the inbox as new, unhandled (migration 0008).
    expect(stored).toEqual({
      ...row,
      emailNormalized: null,
      status: 'new',
      handledAt: null,
      handledBy: null,
      handledNote: null,
    });
  });

  it('index contact_messages by created_at', async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'contact_messages'",
    ).all<{ name: string }>();

    expect(results.map((index) => index.name)).toContain('contact_messages_created_at_idx');
  });

  it.each([
    ['users', ['users_email_normalized_unique', 'users_google_sub_unique', 'users_deleted_idx']],
    ['licenses', ['licenses_license_key_unique', 'licenses_user_created_idx']],
    ['sessions', ['sessions_user_id_idx']],
    ['verification_codes', ['verification_codes_email_created_idx']],
    ['password_reset_tokens', ['password_reset_tokens_token_hash_unique']],
    ['trial_ledger', ['trial_ledger_kind_value_unique']],
    ['outbox', ['outbox_created_at_idx']],
    ['pending_signups', ['pending_signups_email_normalized_idx']],
  ])('index %s for its lookups', async (table, expected) => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?",
    )
      .bind(table)
      .all<{ name: string }>();

    expect(results.map((index) => index.name)).toEqual(expect.arrayContaining(expected));
  });

  it('keep sessions in a WITHOUT ROWID table, found by id in one B-tree search', async () => {
    const table = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'sessions'",
    ).first<{ sql: string }>();

    expect(table?.sql).toMatch(/\)\s*WITHOUT ROWID$/);
  });
});
