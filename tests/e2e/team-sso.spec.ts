/**
 * The owner connects single sign-on on the team page: with the local OpenID provider that the
 * e2e server runs (scripts/local-idp.mjs), a wrong issuer is refused with its sentence and saves
 * nothing; the right settings are saved after the provider's discovery document is checked, and
 * the secret is never filled back; once a domain is verified, "Require single sign-on" is turned
 * on after its confirm step; Disconnect after its own.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { domainVerified } from '../../src/contract/domains';
import { ssoDisconnected, ssoRequiredOn, ssoSaved } from '../../src/contract/sso-settings';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { closeOperator, signInOperator } from './console.helpers';
import { expect, failedLoad, test } from './fixtures';

/** The local OpenID provider the e2e server runs beside it (playwright.config.ts). */
const LOCAL_ISSUER = `http://localhost:${process.env.E2E_IDP_PORT ?? 8790}`;
const ORGANIZATION = 'Northwind Structures SSO';

/** An operator creates an organization of 2 seats for `ownerEmail` on the console. */
async function createOrganization(browser: Browser, ownerEmail: string) {
  const operator = await signInOperator(browser);
  await operator.goto('/admin/organizations');
  await islandsReady(operator);
  await operator.getByRole('button', { name: 'New organization' }).click();
  const form = operator.getByRole('region', { name: 'New organization' });
  await form.getByLabel('Organization name').fill(ORGANIZATION);
  await form.getByLabel("Owner's e-mail").fill(ownerEmail);
  await form.getByLabel('Seats').fill('2');
  await form.getByLabel('Devices per seat').fill('3');
  await form.getByLabel('Support tier').selectOption('priority');
  await form.getByLabel('Agreement reference').fill('PO-E2E-SSO');
  await form.getByLabel('Reason').fill('Signed agreement (end-to-end test)');
  await form.getByRole('button', { name: 'Create organization' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: ORGANIZATION })).toBeVisible();
  await closeOperator(operator);
}

/** A section of the team page that loads when near, scrolled to until `ready` shows. */
async function sectionOf(page: Page, name: string, ready: string) {
  await page.goto('/dashboard/team');
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: ORGANIZATION })).toBeVisible();
  const section = page.getByRole('region', { name, exact: true });
  await expect(async () => {
    await section.scrollIntoViewIfNeeded().catch(() => undefined);
    await page.evaluate(() => window.scrollBy(0, 600));
    await expect(section.getByRole('button', { name: ready, exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  // The scrolling above brought other sections near, which load and grow meanwhile: a press while
  // the page still moves can land its mouse-up beside the button (no click), so wait for them.
  await page.waitForLoadState('networkidle');
  return section;
}

/** Adds and verifies a domain through the /dev/dns stand-in. */
async function verifyDomain(page: Page) {
  const domain = `northwind-${Date.now().toString(36)}.example`;
  let section = await sectionOf(page, 'Domains', 'Add domain');
  await section.getByLabel('Domain', { exact: true }).fill(domain);
  await section.getByRole('button', { name: 'Add domain' }).click();
  const item = section.getByRole('listitem').filter({ hasText: domain });
  const record =
    (await item.locator('code').filter({ hasText: 'sheetwright-verification=' }).textContent()) ??
    '';
  await page.goto('/dev/dns');
  await page.getByLabel('Name (host name)').fill(domain);
  await page.getByLabel('TXT value').fill(record);
  await page.getByRole('button', { name: 'Publish TXT record' }).click();
  await expect(page.getByText(record)).toBeVisible();
  section = await sectionOf(page, 'Domains', 'Add domain');
  const again = section.getByRole('listitem').filter({ hasText: domain });
  await again.getByRole('button', { name: 'Check now' }).click();
  await expect(again.getByText(domainVerified)).toBeVisible();
  return domain;
}

test('an owner connects the local OpenID provider, requires single sign-on and disconnects', async ({
  browser,
  allowConsoleError,
}, testInfo) => {
  // The refused issuer (400): the browser logs it.
  allowConsoleError(failedLoad(400, '/api/team/sso'));
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await newVisitor(page);
  const owner = await signUpForTrial(page, 'Ada Northwind');
  await createOrganization(browser, owner.email);

  let section = await sectionOf(page, 'Single sign-on', 'Connect');
  await expect(section).toContainText('No verified domain yet.');
  await expect(section).toContainText('Not connected');
  const redirect = `${new URL(page.url()).origin}/sso/callback`;
  await expect(section.locator('code').filter({ hasText: redirect })).toBeVisible();
  await section.screenshot({ path: testInfo.outputPath('sso-section-empty-1280.png') });

  // A wrong issuer: the provider names another, nothing is saved.
  await section.getByLabel('Issuer URL').fill(`${LOCAL_ISSUER}/tenant`);
  await section.getByLabel('Client ID').fill('sheetwright-local');
  await section.getByLabel('Client secret').fill('local-idp-secret-not-for-production');
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(section.getByRole('alert')).toContainText('Nothing was saved.');
  await expect(section).toContainText('Not connected');

  await section.getByLabel('Issuer URL').fill(LOCAL_ISSUER);
  await section.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(section.getByText(ssoSaved)).toBeVisible();
  await expect(section).toContainText(`Connected to ${LOCAL_ISSUER}, not required`);
  await expect(section.getByLabel('Client secret')).toHaveValue('');
  await expect(section).toContainText('A secret is saved. Leave empty to keep it.');
  await expect(section.getByRole('switch')).toBeDisabled();
  const axe = await new AxeBuilder({ page }).include('.sso-settings').analyze();
  expect(axe.violations).toEqual([]);

  await verifyDomain(page);
  section = await sectionOf(page, 'Single sign-on', 'Save changes');
  await expect(section.getByLabel('Client ID')).toHaveValue('sheetwright-local');
  await section.getByRole('switch').click();
  await expect(section).toContainText('You, the owner, keep your own password and passkey');
  await section.getByRole('button', { name: 'Require single sign-on' }).click();
  await expect(section.getByText(ssoRequiredOn)).toBeVisible();
  await expect(section.getByRole('switch')).toBeChecked();
  await expect(section).toContainText('required for members');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath(`sso-section-${width}.png`) });
    // Long URLs wrap: the page never scrolls sideways, at phone width either.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await section.getByRole('button', { name: 'Disconnect' }).click();
  await section.getByRole('button', { name: 'Disconnect' }).last().click();
  await expect(section.getByText(ssoDisconnected)).toBeVisible();
  await expect(section).toContainText('Not connected');

  // Provisioning's token asks the same way: the safe choice changes nothing.
  const scim = await sectionOf(page, 'Provisioning (SCIM)', 'Create token');
  await scim.getByRole('button', { name: 'Create token' }).click();
  await expect(scim).toContainText('Create a token? It is shown once');
  await scim.getByRole('button', { name: 'Create token' }).last().click();
  await expect(scim.locator('.scim-token-value')).toBeVisible();
  await scim.getByRole('button', { name: 'Revoke token' }).click();
  await expect(scim).toContainText('Revoke the token?');
  await scim.screenshot({ path: testInfo.outputPath('scim-confirm-1280.png') });
  await scim.getByRole('button', { name: 'Keep the current token' }).click();
  await expect(scim).not.toContainText('Revoke the token?');
  await scim.getByRole('button', { name: 'Revoke token' }).click();
  await scim.getByRole('button', { name: 'Revoke token' }).last().click();
  await expect(scim.getByRole('button', { name: 'Create token', exact: true })).toBeVisible();
  await context.close();
});
