/**
 * Enterprise teams, as a firm would use them: an operator creates an organization (2 seats, 3
 * devices per seat) for an owner, the owner invites two colleagues on /dashboard/team, one joins
 * by signing up on the e-mailed /invite link and activates devices up to the limit, and the owner
 * watches the activations arrive in the team feed and exports it as CSV, and sees the seats,
 * devices and commands used in Utilization. A third invitation is refused because every seat is
 * taken or held.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { TeamMessages } from '../../src/contract/messages';
import {
  activateDevice,
  buyStandard,
  islandsReady,
  latestMail,
  licenseKeyFromDashboard,
  newVisitor,
  PASSWORD,
  signUpForTrial,
  uniqueEmail,
} from './auth.helpers';
import { closeOperator, signInOperator } from './console.helpers';
import { expect, failedLoad, test } from './fixtures';

/**
 * The page's one-line result of an action (role status), not the sections' "Loading…" lines,
 * which the sections below the table show while they load when scrolled near.
 */
const notice = (page: Page) =>
  page
    .getByRole('status')
    // Copy buttons keep an empty live region of their own (it speaks "Copied").
    .filter({ hasText: /\S/ })
    .filter({ hasNotText: /^Loading/ });

/** A fresh browser context as a new visitor (its own fingerprint and IP). */
async function visitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { ip } = await newVisitor(page);
  return { context, page, ip };
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

/** A 390 px wide full-page screenshot kept with the test's results. */
async function phoneShot(page: Page, testInfo: TestInfo, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const path = testInfo.outputPath(`${name}-390.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name} at 390 px`, { path, contentType: 'image/png' });
  // Nothing wider than the screen: the page scrolls only vertically.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * An operator (an account granted the role from the command line) creates an organization of 2
 * seats and 3 devices per seat for `ownerEmail` on the console's Organizations page, and lands on
 * its page.
 */
async function createOrganization(browser: Browser, ownerEmail: string, name: string) {
  const operator = await signInOperator(browser);
  await operator.goto('/admin/organizations');
  await islandsReady(operator);
  await operator.getByRole('button', { name: 'New organization' }).click();
  const form = operator.getByRole('region', { name: 'New organization' });
  await form.getByLabel('Organization name').fill(name);
  await form.getByLabel("Owner's e-mail").fill(ownerEmail);
  await form.getByLabel('Seats').fill('2');
  await form.getByLabel('Devices per seat').fill('3');
  await form.getByLabel('Support tier').selectOption('priority');
  await form.getByLabel('Agreement reference').fill('PO-E2E-1');
  await form.getByLabel('Reason').fill('Signed agreement (end-to-end test)');
  await form.getByRole('button', { name: 'Create organization' }).click();
  await expect(operator.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(operator.getByRole('region', { name: 'Agreement' })).toContainText('0 of 2 used');
  await closeOperator(operator);
}

test('an owner invites two colleagues, one joins by the link and uses three devices, the feed and CSV show it', async ({
  browser,
  allowConsoleError,
}, testInfo) => {
  // The refused third invitation (409) and the used link (410): the browser logs those.
  allowConsoleError(failedLoad(409, '/api/team/invitations'));
  allowConsoleError(failedLoad(410, '/api/invitations/*'));
  test.setTimeout(240_000);

  // The owner: an ordinary account, later named as the organization's owner.
  const owner = await visitor(browser);
  const ownerAccount = await signUpForTrial(owner.page, 'Olivia Brandt');

  await createOrganization(browser, ownerAccount.email, 'Brandt Structures');
  const now = Date.now();

  // My Account shows the owner the organization and the way to the team page.
  await owner.page.reload();
  const card = owner.page.getByRole('region', { name: 'Organization' });
  await expect(card).toContainText('Brandt Structures');
  await card.getByRole('link', { name: 'Manage your team' }).click();
  await expect(owner.page).toHaveURL(/\/dashboard\/team$/);
  await expect(owner.page.getByRole('heading', { name: 'Brandt Structures' })).toBeVisible();
  await expect(owner.page.getByText('0 of 2 seats used')).toBeVisible();
  await expect(notice(owner.page)).toHaveCount(0);

  // The invite box opens from its button, its field focused.
  await owner.page.getByRole('button', { name: 'Invite Colleagues' }).click();
  await expect(owner.page.getByLabel('E-mail address of the colleague to invite')).toBeFocused();

  // Two invitations fill the seats; a third is refused with the plain reason.
  const invite = async (email: string) => {
    await owner.page.getByLabel('E-mail address of the colleague to invite').fill(email);
    await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  };
  const first = uniqueEmail('member');
  const second = uniqueEmail('member');
  await invite(first);
  await expect(notice(owner.page)).toHaveText(TeamMessages.invited);
  await invite(second);
  // Both wait in the team table, as Invited.
  const people = owner.page.getByRole('region', { name: 'Members and invitations' });
  await expect(people.getByRole('row').filter({ hasText: 'Invited' })).toHaveCount(2);
  await invite(uniqueEmail('member'));
  await expect(owner.page.getByRole('alert')).toHaveText(TeamMessages.noSeats);
  await axeClean(owner.page);

  // The colleague opens the e-mailed link, sees who invited them, and signs up there.
  const member = await visitor(browser);
  const mail = await latestMail(member.page.request, first, 'team-invitation');
  const link = mail.links.find((href) => href.includes('/invite#token='));
  expect(link).toBeDefined();
  await member.page.goto(link!);
  await islandsReady(member.page);
  await expect(
    member.page.getByRole('heading', { name: 'Olivia Brandt invited you to Brandt Structures' }),
  ).toBeVisible();
  await expect(member.page.getByRole('textbox', { name: 'Email Address' })).toHaveValue(first);
  await axeClean(member.page);
  await phoneShot(member.page, testInfo, 'invite');
  await member.page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(member.page.getByRole('alert')).toHaveText('Please enter your name.');
  await member.page.getByRole('textbox', { name: 'Full Name' }).fill('Martha Nolan');
  await member.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await member.page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await member.page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(member.page).toHaveURL(/\/dashboard$/);
  const memberCard = member.page.getByRole('region', { name: 'Organization' });
  await expect(memberCard).toContainText('Olivia Brandt');
  await expect(member.page.getByRole('region', { name: 'Your License' })).toContainText(
    'Enterprise',
  );

  // The same link cannot be used twice.
  const again = await visitor(browser);
  await again.page.goto(link!);
  await expect(again.page.getByRole('alert')).toHaveText(TeamMessages.invitationUsed);
  await again.context.close();

  // Three devices, the per-seat limit; the fourth is refused.
  const key = await licenseKeyFromDashboard(member.page);
  for (const n of [1, 2, 3])
    await activateDevice(
      member.page.request,
      key,
      { deviceId: `E2E-TEAM-${now}-${n}`, deviceName: `MARTHA-WS-${n}` },
      member.ip,
    );
  const fourth = await member.page.request.post('/api/licenses/activate', {
    data: { licenseKey: key, deviceId: `E2E-TEAM-${now}-4`, deviceName: 'MARTHA-WS-4' },
    headers: { 'CF-Connecting-IP': member.ip },
  });
  expect(fourth.status()).toBe(403);
  expect(await fourth.json()).toMatchObject({ code: 'TOO_MANY_DEVICES' });
  // The plugin reports the member's commands of today (the real report call).
  const reported = await member.page.request.post('/api/usage/report', {
    data: {
      licenseKey: key,
      deviceId: `E2E-TEAM-${now}-1`,
      batchId: `e2e-team-${now}`,
      events: [
        { feature: 'renumber-views', day: new Date().toISOString().slice(0, 10), count: 7 },
        { feature: 'sheet-notes', day: new Date().toISOString().slice(0, 10), count: 3 },
      ],
    },
    headers: { 'CF-Connecting-IP': member.ip },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  await member.context.close();

  // The owner sees the member, their three devices and the activations in the feed.
  await owner.page.reload();
  await expect(owner.page.getByText('1 of 2 seats used')).toBeVisible();
  const members = owner.page.getByRole('region', { name: 'Members and invitations' });
  await expect(members.getByRole('rowheader', { name: 'Martha Nolan' })).toBeVisible();
  // Her devices open from the Devices cell ("3 of 3").
  await members.getByText('3 of 3').click();
  await expect(
    members.getByRole('list', { name: 'Devices of Martha Nolan' }).getByRole('listitem'),
  ).toHaveCount(3);
  // The feed loads when the page is scrolled to it.
  const feed = owner.page.getByRole('region', { name: 'Team activity' });
  await feed.scrollIntoViewIfNeeded();
  await expect(feed.getByRole('row', { name: /Device activated/ })).toHaveCount(3);

  // Filtered to the member, and exported with that filter.
  await feed.getByLabel('Member').selectOption({ label: `Martha Nolan (${first})` });
  await feed.getByRole('button', { name: 'Show' }).click();
  await expect(feed.getByRole('row', { name: /Device activated/ })).toHaveCount(3);
  await expect(feed.getByRole('row', { name: /Invited/ })).toHaveCount(0);
  const downloading = owner.page.waitForEvent('download');
  await feed.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^team-activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"Time (UTC)","Member","Event","Detail"');
  expect(csv.match(/"activated"/g)).toHaveLength(3);

  // Freeing a device is confirmed first; Escape keeps it.
  const freeButton = members.getByRole('button', { name: /Free device MARTHA-WS-1/ });
  await freeButton.click();
  const dialog = owner.page.getByRole('alertdialog', { name: 'Free this device?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await owner.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(freeButton).toBeFocused();
  await freeButton.click();
  await dialog.getByRole('button', { name: 'Free device' }).click();
  await expect(notice(owner.page)).toHaveText(TeamMessages.deviceFreed);
  await expect(
    members.getByRole('list', { name: 'Devices of Martha Nolan' }).getByRole('listitem'),
  ).toHaveCount(2);

  // Utilization: seats and devices today against what was bought, the member's last activity,
  // devices and commands, each chart with its table, and the members' CSV.
  const utilization = owner.page.getByRole('region', { name: 'Utilization' });
  await utilization.scrollIntoViewIfNeeded();
  const today = utilization.locator('dl');
  await expect(today).toContainText('Seats used today1 of 2');
  await expect(today).toContainText('Devices in use2 of 3');
  const memberRow = utilization.getByRole('row', { name: /Martha Nolan/ });
  await expect(memberRow).toContainText('Active');
  await expect(memberRow).not.toContainText('Idle');
  await expect(memberRow.getByRole('cell', { name: '2 of 3', exact: true })).toBeVisible();
  await expect(memberRow.getByRole('listitem')).toHaveText(['Renumber Views 7', 'Sheet Notes 3']);
  const firstRow = (name: string) =>
    utilization
      .getByRole('region', { name })
      .locator('tbody tr')
      .first()
      .evaluate((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));
  const todayText = new Date().toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  const todayShort = new Date().toLocaleDateString('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  expect(await firstRow('Seats used')).toEqual([todayShort, '1', '2']);
  expect(await firstRow('Devices in use')).toEqual([todayShort, '2', '3']);
  // The chart reads by keyboard: the focused figure says the chosen day's numbers.
  const seatChart = utilization.getByRole('img', { name: /Seats used against seats bought/ });
  await seatChart.focus();
  await owner.page.keyboard.press('Home');
  await expect(utilization.getByText(`${todayText}: Seats used 1, Seats bought 2`)).toBeVisible();
  // The commands' use over time loads when scrolled near, below the charts: the team's commands,
  // most used first, with their uses in the period.
  await utilization
    .getByRole('heading', { name: 'Commands used over time' })
    .scrollIntoViewIfNeeded();
  await expect(
    utilization.getByText(
      /^Most used by the team's members together from .*: Renumber Views 7 \(new/,
    ),
  ).toContainText('Sheet Notes 3 (new');
  const trend = utilization.getByRole('table', { name: /^Use over time by the team's members/ });
  await expect(trend.getByRole('row', { name: /^Renumber Views/ })).toContainText('new7 vs 0');
  await utilization.getByLabel('Period').selectOption('90');
  await expect(utilization.getByRole('row', { name: /Martha Nolan/ })).toContainText('Active');
  const utilizationDownload = owner.page.waitForEvent('download');
  await utilization.getByRole('link', { name: 'Export members CSV' }).click();
  const membersCsv = await readFile(await (await utilizationDownload).path(), 'utf8');
  expect(membersCsv.split('\r\n')[0]).toMatch(/^"Name","E-mail","Joined \(UTC\)"/);
  expect(membersCsv).toContain(`"Martha Nolan","${first}",`);
  expect(membersCsv).toMatch(/,"2","7","0","0","3","0","0","0","0","0","No"\r\n$/);

  await axeClean(owner.page);
  await phoneShot(owner.page, testInfo, 'team');
  await owner.context.close();
});

test('a Standard customer signed in confirms the subscription ends at period end, then joins', async ({
  browser,
  allowConsoleError,
}) => {
  // Accepting while the Standard subscription runs is refused with 409 until confirmed.
  allowConsoleError(failedLoad(409, '/api/invitations/*/accept'));
  test.setTimeout(180_000);
  const owner = await visitor(browser);
  const ownerAccount = await signUpForTrial(owner.page, 'Olivia Brandt');
  await createOrganization(browser, ownerAccount.email, 'Brandt Drafting');

  const customer = await visitor(browser);
  const standard = await buyStandard(customer.page, 'Peter Stone');
  await owner.page.goto('/dashboard/team');
  // The sections have loaded (their "Loading…" lines are statuses too), so the status is the result.
  await expect(notice(owner.page)).toHaveCount(0);
  await owner.page.getByRole('button', { name: 'Invite Colleagues' }).click();
  await owner.page.getByLabel('E-mail address of the colleague to invite').fill(standard.email);
  await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(notice(owner.page)).toHaveText(TeamMessages.invited);
  await owner.context.close();

  const mail = await latestMail(customer.page.request, standard.email, 'team-invitation');
  await customer.page.goto(mail.links.find((href) => href.includes('/invite#token='))!);
  await expect(customer.page.getByText(`Signed in as ${standard.email}.`)).toBeVisible();
  await customer.page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(customer.page.getByRole('alert')).toContainText(TeamMessages.standardRunning);
  await axeClean(customer.page);
  await customer.page
    .getByRole('button', { name: 'Cancel my subscription at period end and join' })
    .click();
  await expect(customer.page.getByRole('alert')).toHaveText(TeamMessages.joined);
  await customer.page.getByRole('link', { name: 'Go to My Account' }).click();
  await expect(customer.page.getByRole('region', { name: 'Organization' })).toContainText(
    'Brandt Drafting',
  );
  await customer.context.close();
});
