/**
 * A firm buys Standard per seat, as an IT lead would: 12 seats chosen on the signup page, the
 * checkout's price line "12 seats × $129.00 / year" with the firm's VAT ID (reverse charge), then
 * on the team page three seats added for new hires at the prorated price shown before paying.
 * Axe and no sideways scrolling at 1280 and 390 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import {
  enterBillingDetails,
  fillSignupForm,
  islandsReady,
  latestCode,
  newVisitor,
  uniqueEmail,
} from './auth.helpers';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('an IT lead buys 12 seats with a VAT ID and adds 3 seats for new hires', async ({
  page,
}, testInfo) => {
  // Signup, checkout, seats added, her own seat left and taken back: a long walk.
  test.setTimeout(90_000);
  const email = uniqueEmail('it-lead');
  await page.goto('/signup?plan=standard&seats=12');
  await islandsReady(page);
  const seats = page.getByLabel('Seats');
  await expect(seats).toHaveValue('12');
  await expect(
    page.getByText('12 seats × $129.00 / year: $1,548.00 a year before tax.'),
  ).toBeVisible();
  await seats.fill('251');
  await expect(page.getByText('Choose between 1 and 250 seats.')).toBeVisible();
  await seats.fill('12');
  await fillSignupForm(page, { name: 'Anna Weber', email });
  await page.getByRole('button', { name: 'Start Standard Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await dialog.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await dialog.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);

  await expect(page.locator('#checkout-price')).toHaveText('12 seats × $129.00 / year');
  await enterBillingDetails(page, {
    company: 'Ingenieurbüro Weber GmbH',
    name: 'Anna Weber',
    country: 'Germany',
    address: 'Leopoldstraße 10',
    postalCode: '80802',
    city: 'München',
    taxId: 'DE136695976',
  });
  await expect(page.locator('#checkout-total')).toHaveText('$1,548.00');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

  await page.goto('/dashboard/team');
  await islandsReady(page);
  const panel = page.getByRole('region', { name: 'Seats', exact: true });
  await expect(panel).toContainText('12 seats bought, 1 in use or invited.');
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'team-seats-1280');

  await panel.getByRole('button', { name: 'Add seats' }).click();
  const add = page.getByRole('dialog', { name: 'Add seats' });
  await add.getByLabel('Seats to add').fill('3');
  await add.getByRole('button', { name: 'Show the price' }).click();
  // Bought today: three full years of a seat, no VAT for a business with a VAT ID.
  await expect(add.getByText('Charged now')).toBeVisible();
  await expect(add.getByText('Reverse charge')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'team-seats-add-1280');
  await add.getByRole('button', { name: 'Pay $387.00 and add seats' }).click();
  await expect(add).toBeHidden();
  await expect(panel.getByRole('status')).toHaveText(
    '3 seats added. The prorated invoice has been charged and e-mailed to you.',
  );
  await expect(panel).toContainText('15 seats bought, 1 in use or invited.');

  // She does not use the plugin herself: she leaves her seat for a colleague, then takes one back.
  const summary = page.getByRole('region', { name: 'Ingenieurbüro Weber GmbH' });
  await expect(summary).toContainText('You hold a seat');
  await page.getByRole('button', { name: 'Leave my seat' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave your seat?' });
  await leave.getByRole('button', { name: 'Leave my seat' }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByText('You left your seat and your license is revoked.')).toBeVisible();
  await expect(summary).toContainText('You hold no seat');
  await expect(page.getByRole('button', { name: 'Leave my seat' })).toHaveCount(0);
  await summary.getByRole('button', { name: 'Take a seat' }).click();
  const take = page.getByRole('alertdialog', { name: 'Take a seat?' });
  await take.getByRole('button', { name: 'Take a seat' }).click();
  await expect(take).toBeHidden();
  await expect(summary).toContainText('You hold a seat');
  await expect(page.getByRole('button', { name: 'Leave my seat' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await islandsReady(page);
  await expect(page.getByRole('region', { name: 'Seats', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'team-seats-390');
});
