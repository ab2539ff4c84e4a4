/**
 * The dashboard of an Enterprise organization's owner and member: the member reads the per-seat
 * device limit as a number ("1 of 2 devices") on Usage & Sessions, My Account and Billing, and
 * gets a plain explanation on the owner's team page; the owner finds Team in the sidebar and on
 * My Account, which leads with the organization (plan, seats in use) instead of an upgrade box,
 * and shows no license of their own (they hold no seat), never "Trial". axe finds nothing at
 * 1280 and 390 px, and nothing is wider than a phone.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { TeamMessages } from '../../src/contract/messages';
import {
  activateDevice,
  islandsReady,
  latestMail,
  licenseKeyFromDashboard,
  newVisitor,
  PASSWORD,
  signUpForTrial,
  uniqueEmail,
} from './auth.helpers';
import { createOrganizationInConsole } from './console.helpers';
import { expect, test } from './fixtures';

async function visitor(browser: Browser) {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  const { ip } = await newVisitor(page);
  return { context, page, ip };
}

/**
 * axe at 1280 and 390 px, no sideways scrolling on the phone, and a full-page screenshot at each
 * width kept with the test's results.
 */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, `${name} at ${width} px`).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name} at ${width} px`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an Enterprise member reads "1 of 2 devices" everywhere and the team page explains itself; the owner finds Team', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const owner = await visitor(browser);
  const ownerAccount = await signUpForTrial(owner.page, 'Olivia Brandt');
  await createOrganizationInConsole(browser, {
    ownerEmail: ownerAccount.email,
    name: 'Brandt Framing',
    devicesPerSeat: 2,
    reference: 'PO-E2E-2',
  });

  // The owner: Team in the sidebar and on My Account, which leads with the organization and
  // offers no upgrade of the owner's own old trial while the organization runs.
  await owner.page.reload();
  await islandsReady(owner.page);
  const sidebar = owner.page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Team' })).toBeVisible();
  const account = owner.page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'Team' })).toBeVisible();
  const headings = owner.page.locator('main h2');
  await expect(headings.first()).toHaveText('Organization');
  const card = owner.page.getByRole('region', { name: 'Organization' });
  await expect(card).toContainText('Enterprise');
  await expect(card).toContainText('0 of 2 seats in use');
  await expect(owner.page.getByRole('heading', { name: 'Upgrade to Standard' })).toHaveCount(0);
  // The owner holds no seat: their own old trial is not what the page is about.
  await expect(owner.page.getByRole('region', { name: 'Your License' })).toHaveCount(0);
  await expect(owner.page.locator('main .card').getByText(/Trial|days left/)).toHaveCount(0);
  await checkPage(owner.page, testInfo, 'my-account-owner');

  // The owner invites a colleague, who signs up by the e-mailed link.
  const email = uniqueEmail('member');
  const invited = await owner.page.evaluate(async (address) => {
    const response = await fetch('/api/team/invitations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    return response.status;
  }, email);
  expect(invited).toBe(200);
  const member = await visitor(browser);
  const mail = await latestMail(member.page.request, email, 'team-invitation');
  const link = mail.links.find((href) => href.includes('/invite#token='));
  expect(link).toBeDefined();
  await member.page.goto(link!);
  await islandsReady(member.page);
  await member.page.getByRole('textbox', { name: 'Full Name' }).fill('Martha Nolan');
  await member.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await member.page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await member.page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(member.page).toHaveURL(/\/dashboard$/);

  // One device of the two a seat allows.
  const key = await licenseKeyFromDashboard(member.page);
  await activateDevice(
    member.page.request,
    key,
    { deviceId: `E2E-SEAT-${Date.now()}`, deviceName: 'MARTHA-WS-1' },
    member.ip,
  );

  await member.page.reload();
  const license = member.page.getByRole('region', { name: 'Your License' });
  await expect(license).toContainText('Enterprise');
  await expect(license).toContainText('1 of 2 devices');
  await expect(
    member.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }),
  ).toBeHidden();
  await checkPage(member.page, testInfo, 'my-account-member');

  await member.page.goto('/dashboard/usage');
  await expect(member.page.getByRole('region', { name: 'Active devices' })).toContainText(
    '1 of 2 devices',
  );
  await checkPage(member.page, testInfo, 'usage-member');

  await member.page.goto('/dashboard/billing');
  await expect(member.page.getByRole('region', { name: 'Usage summary' })).toContainText(
    '1 of 2 devices',
  );
  await checkPage(member.page, testInfo, 'billing-member');

  // The team page is the owner's: a plain explanation and the way back, no error, no Retry.
  await member.page.goto('/dashboard/team');
  const explained = member.page.getByRole('region', { name: "For your organization's owner" });
  await expect(explained).toContainText(TeamMessages.teamPageForOwner);
  await expect(explained).toContainText('Brandt Framing is managed by Olivia Brandt');
  await expect(explained.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(member.page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(member.page.getByRole('alert')).toHaveCount(0);
  await checkPage(member.page, testInfo, 'team-member');

  await member.context.close();
  await owner.context.close();
});
