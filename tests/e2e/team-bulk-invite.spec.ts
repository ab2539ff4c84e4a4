/**
 * Inviting many colleagues at once on /dashboard/team, as an owner would: one address typed into
 * the box, then a CSV file exported from a spreadsheet, then a list pasted from a mail program
 * with names, a repeat, a stray word and more addresses than seats left. The results list says
 * what became of each address, takes focus, and fits a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { TeamMessages } from '../../src/contract/messages';
import { islandsReady, newVisitor, signUpForTrial, uniqueEmail } from './auth.helpers';
import { closeOperator, signInOperator } from './console.helpers';
import { expect, refuseChunk, test } from './fixtures';

/**
 * The page's one-line result of an action (role status), not the sections' "Loading…" lines,
 * which the sections below the table show while they load when scrolled near.
 */

/** An operator creates an organization of `seats` seats for `ownerEmail` in the console. */
async function createOrganization(browser: Browser, ownerEmail: string, seats: number) {
  const operator = await signInOperator(browser);
  await operator.goto('/admin/organizations');
  await islandsReady(operator);
  await operator.getByRole('button', { name: 'New organization' }).click();
  const form = operator.getByRole('region', { name: 'New organization' });
  await form.getByLabel('Organization name').fill('Brown Engineering');
  await form.getByLabel("Owner's e-mail").fill(ownerEmail);
  await form.getByLabel('Seats').fill(String(seats));
  await form.getByLabel('Devices per seat').fill('2');
  await form.getByLabel('Support tier').selectOption('standard');
  await form.getByLabel('Reason').fill('Signed agreement (end-to-end test)');
  await form.getByRole('button', { name: 'Create organization' }).click();
  await expect(
    operator.getByRole('heading', { level: 1, name: 'Brown Engineering' }),
  ).toBeVisible();
  await closeOperator(operator);
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

/** The rows of the results list as "address: result". */
async function resultRows(page: Page): Promise<string[]> {
  const rows = page.getByRole('region', { name: 'Invitation results' }).getByRole('listitem');
  return (await rows.allInnerTexts()).map((text) => text.replace(/\s*\n\s*/g, ': ').trim());
}

test('an owner invites one address, then a CSV file, then a pasted list, and reads what became of each', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await newVisitor(page);
  const owner = await signUpForTrial(page, 'Marta Brown');
  await createOrganization(browser, owner.email, 6);

  await page.goto('/dashboard/team');
  await islandsReady(page);
  await expect(page.getByText('0 of 6 seats used')).toBeVisible();
  await page.getByRole('button', { name: 'Invite Colleagues' }).click();
  const box = page.getByLabel('E-mail address of the colleague to invite, or a list of addresses');
  const count = page.locator('.bulk-count');

  // One address: the single invitation, as before lists were taken.
  const first = uniqueEmail('first');
  await box.fill(first);
  await expect(count).toHaveText('1 address found. 6 seats left.');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: TeamMessages.invited })).toBeVisible();
  await expect(box).toHaveValue('');

  // A CSV file saved from a spreadsheet: its "E-mail address" column, names with commas quoted.
  const ann = uniqueEmail('ann');
  const bob = uniqueEmail('bob');
  const upload = page.getByLabel('Upload a CSV');
  await upload.setInputFiles({
    name: 'colleagues.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Name,E-mail address,Office\r\n"Lee, Ann",${ann},"Oslo, Norway"\r\nBob Stone,${bob},Bergen\r\n`,
    ),
  });
  await expect(page.getByText('colleagues.csv: 2 rows added to the list above.')).toBeVisible();
  await expect(box).toHaveValue(`${ann}\n${bob}`);
  await expect(count).toHaveText('2 addresses found. 5 seats left.');
  await page.getByRole('button', { name: 'Send invitations' }).click();
  const results = page.getByRole('region', { name: 'Invitation results' });
  await expect(results).toBeFocused();
  expect(await resultRows(page)).toEqual([`${ann}: Invited`, `${bob}: Invited`]);
  await expect(page.getByRole('status').filter({ hasText: '2 invited.' })).toBeVisible();

  // A file of more rows than can be invited at once is refused with a plain sentence.
  const many = ['email', ...Array.from({ length: 251 }, (_, i) => `p${i}@firm.example`)];
  await upload.setInputFiles({
    name: 'everyone.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(many.join('\n')),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'This file has 251 rows with an address; at most 250 can be invited at a time. Split it and upload each part.',
  );
  await expect(upload).toHaveAttribute('aria-describedby', /file-note/);
  await expect(box).toHaveValue('');

  // A list pasted from a mail program: names, a repeat, a stray word, more addresses than seats.
  const [carl, dave, erin, finn] = ['carl', 'dave', 'erin', 'finn'].map((name) =>
    uniqueEmail(name),
  );
  await box.fill(
    `"Lee, Ann" <${ann}>; Carl Berg <${carl}>, ${first}\n${dave} ${carl!.toUpperCase()}\nthanks!\n${erin}, ${finn}`,
  );
  await expect(count).toHaveText(
    '6 addresses found, 1 not an e-mail address, 1 address listed twice. 3 seats left. The first 3 addresses get an invitation.',
  );
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(results).toBeFocused();
  await expect(results).toContainText(
    '3 invited, 2 already invited, 1 not an e-mail address, 1 with no seat left, 1 address listed twice. 0 seats left.',
  );
  expect(await resultRows(page)).toEqual([
    `${ann}: Already invited`,
    `${carl}: Invited`,
    `${first}: Already invited`,
    `${dave}: Invited`,
    'thanks!: Not an e-mail address',
    `${erin}: Invited`,
    `${finn}: No seat left`,
  ]);
  await expect(results).toContainText(`Listed more than once, invited once at most: ${carl}`);
  // The team was loaded again: six open invitations, every seat held.
  await expect(page.getByText(/Every seat is taken or held by an open invitation/)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Members and invitations' })
      .getByRole('button', { name: /^Invited/ }),
  ).toHaveText('Invited 6');
  await axeClean(page);

  await results.screenshot({ path: testInfo.outputPath('results-1280.png') });
  await page.screenshot({ path: testInfo.outputPath('team-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await results.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('team-390.png'), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await axeClean(page);
  await context.close();
});

test('the invite box loads when Invite Colleagues is pressed; a failed load says so, and pressing again loads it', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  await newVisitor(page);
  const owner = await signUpForTrial(page, 'Ines Offline');
  await createOrganization(browser, owner.email, 3);
  // The box's chunk is refused once, as an offline moment would.
  const backOnline = await refuseChunk(page, allowConsoleError, 'InviteBox');
  await page.goto('/dashboard/team');
  await islandsReady(page);
  const section = page.getByRole('region', { name: 'Invitations', exact: true });
  const open = section.getByRole('button', { name: 'Invite Colleagues' });
  await open.click();
  await expect(section.getByRole('alert')).toHaveText(
    'Network error. Please check your connection and try again.',
  );
  await expect(open).toBeVisible();
  backOnline();
  await open.click();
  await expect(
    section.getByLabel('E-mail address of the colleague to invite, or a list of addresses'),
  ).toBeFocused();
  await expect(section.getByRole('alert')).toHaveCount(0);
});
