/**
 * An organization proves it owns its e-mail domain: the owner adds a domain in the team page's
 * Domains section (a public mail provider's is refused with its sentence), publishes the TXT
 * record shown on the /dev/dns stand-in, and Check now verifies it; then removes it through the
 * confirm dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  domainAdded,
  domainPublicMail,
  domainRecordMissing,
  domainRemoved,
  domainVerified,
} from '../../src/contract/domains';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { createOrganizationInConsole } from './console.helpers';
import { expect, failedLoad, test } from './fixtures';

/** The Domains section, scrolled to (it loads when near). */
async function domainsSection(page: Page) {
  await page.goto('/dashboard/team');
  await islandsReady(page);
  await expect(page.getByRole('heading', { name: 'Brandt Structures Domains' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Domains', exact: true });
  // Its placeholder card is replaced by the section once near: scroll until the section is there.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(section.getByRole('button', { name: 'Add domain' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  return section;
}

test('an owner adds a domain, publishes its TXT record on /dev/dns and verifies it, then removes it', async ({
  browser,
  allowConsoleError,
}) => {
  // The refused public mail domain (400): the browser logs it.
  allowConsoleError(failedLoad(400, '/api/team/domains'));
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await newVisitor(page);
  const owner = await signUpForTrial(page, 'Olivia Brandt');
  await createOrganizationInConsole(browser, {
    ownerEmail: owner.email,
    name: 'Brandt Structures Domains',
    devicesPerSeat: 3,
    reference: 'PO-E2E-DOMAINS',
  });

  let section = await domainsSection(page);
  await expect(section).toContainText('No domains yet.');
  const field = section.getByLabel('Domain', { exact: true });

  await field.fill('gmail.com');
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByRole('alert')).toHaveText(domainPublicMail);

  const domain = `brandt-${Date.now().toString(36)}.example`;
  await field.fill(`https://${domain}/`);
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByRole('alert')).toContainText('without https://');

  await field.fill(domain.toUpperCase());
  await section.getByRole('button', { name: 'Add domain' }).click();
  await expect(section.getByText(domainAdded)).toBeVisible();
  const item = section.getByRole('listitem').filter({ hasText: domain });
  await expect(item).toContainText('Pending');
  const record =
    (await item.locator('code').filter({ hasText: 'sheetwright-verification=' }).textContent()) ??
    '';
  expect(record).toMatch(/^sheetwright-verification=[0-9a-f]{32}$/);

  // Not published yet.
  await item.getByRole('button', { name: 'Check now' }).click();
  await expect(item.getByText(domainRecordMissing)).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('.team-domains').analyze();
  expect(axe.violations).toEqual([]);

  // Published on the DNS stand-in.
  await page.goto('/dev/dns');
  await page.getByLabel('Name (host name)').fill(domain);
  await page.getByLabel('TXT value').fill(record);
  await page.getByRole('button', { name: 'Publish TXT record' }).click();
  await expect(page.getByText(record)).toBeVisible();

  section = await domainsSection(page);
  const again = section.getByRole('listitem').filter({ hasText: domain });
  await again.getByRole('button', { name: 'Check now' }).click();
  await expect(again.getByText(domainVerified)).toBeVisible();
  await expect(again).toContainText('Verified since');

  // Removed after the confirm.
  await again.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Remove ${domain}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove domain' }).click();
  await expect(page.getByText(domainRemoved)).toBeVisible();
  await expect(section).toContainText('No domains yet.');
  await context.close();
});
