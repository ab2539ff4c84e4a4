/**
 * The data migration that brought identities stored before plus addressing was recognized for
 * Outlook.com, iCloud, Proton and Fastmail to the new form: accounts made with a +tag sign in
 * with the same address afterwards, their trial counts for the untagged address, and two accounts
 * that would collide are left as they were.
 */
import type { D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { accountApp, queryAll, signUpTrial, signupForm, sendCode } from './account-helpers';

const { TEST_MIGRATIONS } = env as Env & { TEST_MIGRATIONS: D1Migration[] };

/** Runs the migration's statements again, over the rows the test wrote. */
async function migrate(): Promise<void> {
  const migration = TEST_MIGRATIONS.find((m) => m.name.startsWith('0014_plus_tag_identity'));
  if (!migration) throw new Error('migration 0014_plus_tag_identity not found');
  for (const query of migration.queries) await env.DB.prepare(query).run();
}

/** Puts `userId`'s stored identities back to what the previous normalization wrote. */
async function storedAsBefore(userId: string, identity: string): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('UPDATE users SET email_normalized = ? WHERE id = ?').bind(identity, userId),
    env.DB.prepare("UPDATE trial_ledger SET value = ? WHERE user_id = ? AND kind = 'email'").bind(
      identity,
      userId,
    ),
  ]);
}

const local = () => `ada${crypto.randomUUID().slice(0, 8)}`;

describe('migration 0014: +tag identities', () => {
  it('rewrites a tagged identity: the account signs in with its address, and its trial blocks the untagged one', async () => {
    const app = accountApp();
    const name = local();
    const tagged = `${name}+news@outlook.com`;
    const account = await signUpTrial(app, { email: tagged });
    await storedAsBefore(account.auth.user.userId, tagged);

    await migrate();

    const [user] = await queryAll<{ email_normalized: string }>(
      'SELECT email_normalized FROM users WHERE id = ?',
      account.auth.user.userId,
    );
    expect(user?.email_normalized).toBe(`${name}@outlook.com`);
    const login = await app.post('/api/login', { email: tagged, password: account.form.password });
    expect(login.status).toBe(200);
    const ledger = await queryAll<{ value: string }>(
      "SELECT value FROM trial_ledger WHERE user_id = ? AND kind = 'email' ORDER BY value",
      account.auth.user.userId,
    );
    expect(ledger.map((row) => row.value)).toEqual([
      `${name}+news@outlook.com`,
      `${name}@outlook.com`,
    ]);
    const again = await sendCode(app, signupForm({ email: `${name}+other@outlook.com` }));
    expect(again.status).toBe(409);
  });

  it('leaves two accounts that would become one as they are, and other domains alone', async () => {
    const app = accountApp();
    const name = local();
    const first = await signUpTrial(app, { email: `${name}+a@me.com` });
    const second = await signUpTrial(app, { email: `${name}+b@icloud.com` });
    const third = await signUpTrial(app, { email: `${name}+c@example.com` });
    await storedAsBefore(first.auth.user.userId, `${name}+a@me.com`);
    await env.DB.prepare('UPDATE users SET email_normalized = ? WHERE id = ?')
      .bind(`${name}+b@me.com`, second.auth.user.userId)
      .run();

    await migrate();

    const rows = await queryAll<{ id: string; email_normalized: string }>(
      'SELECT id, email_normalized FROM users WHERE id IN (?, ?, ?)',
      first.auth.user.userId,
      second.auth.user.userId,
      third.auth.user.userId,
    );
    const byId = Object.fromEntries(rows.map((row) => [row.id, row.email_normalized]));
    expect(byId[first.auth.user.userId]).toBe(`${name}+a@me.com`);
    expect(byId[second.auth.user.userId]).toBe(`${name}+b@me.com`);
    expect(byId[third.auth.user.userId]).toBe(`${name}+c@example.com`);
  });
});
