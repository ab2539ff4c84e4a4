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
    };

    await db.insert(contactMessages).values(row);
    const [stored] = await db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt));

    expect(stored).toEqual(row);
  });

  it('index contact_messages by created_at', async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'contact_messages'",
    ).all<{ name: string }>();

    expect(results.map((index) => index.name)).toContain('contact_messages_created_at_idx');
  });
});
