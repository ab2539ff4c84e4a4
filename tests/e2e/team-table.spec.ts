/**
 * The owner's team table with 250 members and a dozen open invitations: seeded straight into the
 * e2e server's local D1 (as `npm run admin` writes it, so this spec runs in the one-at-a-time
 * `serial` project), then, at 390 px, no sideways scrolling and nothing axe objects to, and the
 * owner sorts by a column (by keyboard too), pages (the server answers 50 rows a page; the view
 * is kept in the address), searches, filters by status, and withdraws an invitation through the
 * confirm dialog, after which the page shown loads again. Screenshots at 1280 and 390 px are kept
 * with the results.
 */
import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, TestInfo } from '@playwright/test';
import { TeamMessages } from '../../src/contract/messages';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { expect, test } from './fixtures';

/**
 * The page's one-line result of an action (role status), not the sections' "Loading…" lines,
 * which the sections below the table show while they load when scrolled near.
 */

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;
const DAY = 86_400_000;
const MEMBERS = 250;
const INVITATIONS = 12;

const literal = (value: string | number | null) =>
  value === null
    ? 'NULL'
    : typeof value === 'number'
      ? String(value)
      : `'${value.replaceAll("'", "''")}'`;
const row = (values: (string | number | null)[]) => `(${values.map(literal).join(', ')})`;

/**
 * An organization owned by `ownerEmail` with MEMBERS members (every seventh idle: joined 60 days
 * ago, never active; the others with one or two devices seen lately) and INVITATIONS open
 * invitations, written to the local D1 by `wrangler d1 execute` in one file. Answers the members'
 * and invitations' addresses.
 */
async function seedTeam(ownerEmail: string, tag: string) {
  const now = Date.now();
  const organizationId = randomUUID();
  const owner = `(SELECT id FROM users WHERE email_normalized = ${literal(ownerEmail.toLowerCase())})`;
  const users: string[] = [];
  const licenses: string[] = [];
  const members: string[] = [];
  const devices: string[] = [];
  const memberEmails: string[] = [];
  const first = ['Ada', 'Bruno', 'Carla', 'Dana', 'Emil', 'Freya', 'Gus', 'Helen', 'Ivo', 'Jana'];
  const last = ['Grant', 'Keller', 'Stone', 'Weber', 'Nolan', 'Lund', 'Moreau', 'Oliver'];
  for (let i = 0; i < MEMBERS; i += 1) {
    const userId = randomUUID();
    const licenseId = randomUUID();
    const name = `${first[i % first.length]} ${last[Math.floor(i / first.length) % last.length]} ${i + 1}`;
    const email = `m${String(i + 1).padStart(3, '0')}.${tag}@team-table.example`;
    memberEmails.push(email);
    const idle = i % 7 === 3;
    const joined = now - (idle ? 60 : 10 + (i % 40)) * DAY;
    users.push(row([userId, name, email, email, null, 'Enterprise', joined, joined]));
    const key = `SW-${randomUUID()
      .replaceAll('-', '')
      .slice(0, 20)
      .toUpperCase()
      .replace(/(.{5})(?!$)/g, '$1-')}`;
    licenses.push(
      row([licenseId, userId, key, 'Enterprise', 'active', joined, now + 300 * DAY, joined]),
    );
    members.push(row([randomUUID(), organizationId, userId, licenseId, joined]));
    if (!idle) {
      for (let d = 0; d < 1 + (i % 2); d += 1) {
        const seen = now - ((i * 5 + d) % 20) * 3_600_000 - (i % 9) * DAY;
        devices.push(
          row([
            randomUUID(),
            licenseId,
            userId,
            `team-table-${tag}-${i}-${d}`,
            `WS-${i + 1}-${d + 1}`,
            joined,
            seen,
          ]),
        );
      }
    }
  }
  const invitationEmails = Array.from(
    { length: INVITATIONS },
    (_, i) => `invited${String(i + 1).padStart(2, '0')}.${tag}@team-table.example`,
  );
  // The owner invited them (their id is looked up inside the statement).
  const invitations = invitationEmails.map(
    (email, i) =>
      `(${[randomUUID(), organizationId, email, email].map(literal).join(', ')}, ${owner}, ` +
      `${[randomUUID(), now - i * 3_600_000, now + 6 * DAY, now - i * 3_600_000].map(literal).join(', ')})`,
  );
  const sql = [
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end, support_tier, created_at, updated_at) VALUES (${literal(organizationId)}, ${literal(`Table Test ${tag}`)}, ${owner}, 300, 3, ${now - 90 * DAY}, ${now + 300 * DAY}, 'priority', ${now}, ${now});`,
    `INSERT INTO users (id, customer_name, email, email_normalized, password_hash, plan, created_at, updated_at) VALUES ${users.join(',\n')};`,
    `INSERT INTO licenses (id, user_id, license_key, plan, status, activated_at, expires_at, created_at) VALUES ${licenses.join(',\n')};`,
    `INSERT INTO organization_members (id, organization_id, user_id, license_id, joined_at) VALUES ${members.join(',\n')};`,
    `INSERT INTO devices (id, license_id, user_id, device_id, device_name, activated_at, last_seen_at) VALUES ${devices.join(',\n')};`,
    `INSERT INTO organization_invitations (id, organization_id, email, email_normalized, invited_by, token_hash, created_at, expires_at, last_sent_at) VALUES ${invitations.join(',\n')};`,
  ].join('\n');
  const dir = await mkdtemp(join(tmpdir(), 'team-table-'));
  try {
    const file = join(dir, 'seed.sql');
    await writeFile(file, sql);
    await run(
      join(root, 'node_modules', '.bin', 'wrangler'),
      ['d1', 'execute', 'DB', '--local', '--file', file],
      { cwd: root, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { memberEmails, invitationEmails };
}

/** The table's card as the owner sees it (the whole page holds the long feed and charts too). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.getByRole('region', { name: 'Members and invitations' }).screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test(
  'the owner finds, sorts, filters and pages 250 members and invitations, and withdraws one, at 390 px',
  {
    tag: '@alone',
  },
  async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await newVisitor(page);
    const owner = await signUpForTrial(page, 'Olivia Brandt');
    const tag = randomUUID().slice(0, 8);
    const { invitationEmails } = await seedTeam(owner.email, tag);

    // Every page asked of the server, for the view it asked for.
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/team/members') asked.push(url.search);
    });

    await page.goto('/dashboard/team');
    await islandsReady(page);
    const table = page.getByRole('region', { name: 'Members and invitations' });
    const rows = table.locator('tbody tr');
    const pager = table.getByRole('navigation');
    await expect(rows).toHaveCount(50);
    await expect(pager).toContainText('1–50 of 262');
    await expect(pager).toContainText('Page 1 of 6');
    await expect(table.getByRole('button', { name: /^All/ })).toHaveText('All 262');
    await expect(table.getByRole('button', { name: /^Invited/ })).toHaveText('Invited 12');
    await expect(table.getByRole('button', { name: /^Idle/ })).toHaveText('Idle 36');
    await expect(table).toContainText('250 members, 12 invited');
    // By name, A to Z: "Ada Grant 1" first ("Ada Grant 161" next: names compare as text).
    await expect(rows.first().getByRole('rowheader')).toHaveText('Ada Grant 1');
    // A member's devices open from the Devices cell, each with its Free device button.
    await rows.first().getByText('1 of 3').click();
    await expect(rows.first().getByRole('button', { name: /^Free device WS-/ })).toBeVisible();
    // The sections below the table load when the page is scrolled to them.
    const feed = page.getByRole('region', { name: 'Team activity' });
    await feed.scrollIntoViewIfNeeded();
    await expect(feed.getByRole('button', { name: 'Show' })).toBeVisible();
    await table.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'team-table-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    await shot(page, testInfo, 'team-table-390');

    // Sort by e-mail from the keyboard: the invitations' addresses ("invited…") come before "m…".
    const email = table.getByRole('columnheader', { name: 'E-mail' });
    await expect(email).toHaveAttribute('aria-sort', 'none');
    await email.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(email).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(invitationEmails[0]!);
    await page.keyboard.press('Enter');
    await expect(email).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.first()).toContainText(`m250.${tag}@`);

    // Pages: the next one, then the last; each is one call for 50 rows.
    await table.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText('51–100 of 262');
    await expect(rows.first()).toContainText(`m200.${tag}@`);
    for (let n = 2; n < 6; n += 1) await table.getByRole('button', { name: 'Next page' }).click();
    await expect(pager).toContainText('251–262 of 262');
    await expect(rows).toHaveCount(12);
    await expect(table.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(asked).toContain('?page=6&sort=email&dir=desc');

    // The view is in the address: a reload shows the same page, sorted the same way.
    expect(new URL(page.url()).search).toBe('?page=6&sort=email&dir=desc');
    await page.reload();
    await islandsReady(page);
    await expect(pager).toContainText('251–262 of 262');
    await expect(email).toHaveAttribute('aria-sort', 'descending');

    // While a page loads, the rows shown stay (dimmed), and the table says it is busy.
    let release = () => {};
    await page.route('**/api/team/members**', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await table.getByRole('button', { name: 'Previous page' }).click();
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(rows).toHaveCount(12);
    release();
    await expect(pager).toContainText('201–250 of 262');
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await page.unroute('**/api/team/members**');

    // Search by name, then by e-mail, a moment after the last key and from page 1; nothing found
    // offers to clear the filters.
    const search = table.getByLabel('Search by name or e-mail');
    await search.fill('helen grant 168');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Helen Grant 168');
    await search.fill('invited0');
    await expect(rows).toHaveCount(9);
    // Enter sends the search at once.
    await search.fill('nobody-by-this-name');
    await search.press('Enter');
    await expect(table.getByText('No one matches.')).toBeVisible();
    await table.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');
    await expect(rows).toHaveCount(50);

    // The status filter, with its counts.
    await table.getByRole('button', { name: /^Idle/ }).click();
    await expect(table.getByRole('button', { name: /^Idle/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(pager).toContainText('1–36 of 36');
    await expect(rows.filter({ hasText: 'Active' })).toHaveCount(0);
    await table.getByRole('button', { name: /^Invited/ }).click();
    await expect(rows).toHaveCount(12);
    await shot(page, testInfo, 'team-table-invited-390');

    // Withdraw an invitation through the confirm dialog; the page shown loads again.
    const target = invitationEmails[4]!;
    await search.fill(target);
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole('button', { name: `Withdraw the invitation to ${target}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Withdraw the invitation?' });
    await expect(dialog).toContainText(target);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Withdraw invitation' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: TeamMessages.invitationWithdrawn }),
    ).toBeVisible();
    await expect(table.getByText('No one matches.')).toBeVisible();
    await table.getByRole('button', { name: 'Clear filters' }).click();
    await expect(table.getByRole('button', { name: /^Invited/ })).toHaveText('Invited 11');
    await expect(table.getByRole('button', { name: /^All/ })).toHaveText('All 261');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  },
);
