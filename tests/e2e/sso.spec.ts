/**
 * Single sign-on end to end, through the real local OpenID provider that the server starts
 * (scripts/local-idp.mjs): an operator creates Northwind's organization on the console, /dev/sso
 * connects it to the local provider with northwind.test verified, and a Northwind engineer the
 * site never saw types their work e-mail on /login, is offered "Continue with <Northwind> single
 * sign-on", signs in on the provider's own pages and lands on the dashboard, signed in and a
 * member of the team. A person the provider signs in while no seat is free reads that the owner
 * was told. The plugin's /activate, which sends a signed-out person to /login with `next`, is
 * where single sign-on brings them back. Screenshots of the login page's step and of the refusal, at 1280 and 390 px.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { continueWith, noSeat, signsYouIn } from '../../src/contract/sso-texts';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { createOrganizationInConsole } from './console.helpers';
import { expect, failedLoad, test } from './fixtures';

const idpPort = Number(process.env.E2E_IDP_PORT ?? 8790);

/** Another browser, at the site. */
function newBrowser(browser: Browser) {
  const { baseURL } = test.info().project.use;
  return browser.newContext(baseURL ? { baseURL } : {});
}

/** Signs in on the local provider's own pages (any password), then its consent page. */
async function signInAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^http://localhost:${idpPort}/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  // Its consent page asks once per person, client and session at the provider (each browser).
  const consent = page.locator('button[type="submit"]');
  await expect(consent).toBeVisible();
  await consent.click();
}

async function shot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** /login with a Northwind address typed: the single sign-on step. */
async function ssoStep(page: Page, email: string, organization: string) {
  await page.goto('/login');
  await islandsReady(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await expect(page.getByText(signsYouIn(organization))).toBeVisible();
  return page.getByRole('button', { name: continueWith(organization) });
}

test('a Northwind engineer signs in through the identity provider and joins the team', async ({
  browser,
  page,
  allowConsoleError,
}, testInfo) => {
  test.setTimeout(120_000);
  // The no-seat refusal answers the login page with 409, which the browser logs.
  allowConsoleError(failedLoad(409, '/sso/callback'));
  // The local provider's own development pages ask for a web font (no network here) and its icon.
  allowConsoleError(/fonts\.googleapis\.com/);
  allowConsoleError(new RegExp(`^Failed to load resource: .* @ http://localhost:${idpPort}/`));
  const tag = Math.random().toString(36).slice(2, 8);
  const organization = `Northwind ${tag}`;

  await newVisitor(page);
  const owner = await signUpForTrial(page, 'Olga Owner');
  await createOrganizationInConsole(browser, {
    ownerEmail: owner.email,
    name: organization,
    seats: 1,
    devicesPerSeat: 3,
    reference: 'PO-E2E-SSO',
  });
  const connected = await page.request.post('/dev/sso', {
    data: { ownerEmail: owner.email, issuer: `http://localhost:${idpPort}` },
  });
  expect(connected.status(), await connected.text()).toBe(200);

  // A person the site never saw: e-mail first, then the provider's pages.
  const context = await newBrowser(browser);
  const engineer = await context.newPage();
  await newVisitor(engineer);
  const email = `ada.${tag}@northwind.test`;
  const button = await ssoStep(engineer, email, organization);
  await shot(engineer, testInfo, 'login-sso-step');
  await button.click();
  await signInAtProvider(engineer, email);
  await expect(engineer).toHaveURL(/\/dashboard$/);
  await expect(engineer.getByText(/^Welcome back, Ada \S+ Northwind!$/)).toBeVisible();
  const me = await engineer.request.get('/api/me');
  expect(await me.json()).toMatchObject({ user: { email, plan: 'Enterprise' } });

  await context.close();

  // The plugin's sign-in from its ribbon: /activate sends a signed-out person to /login with
  // `next`, and single sign-on brings them back there.
  const pluginContext = await newBrowser(browser);
  const plugin = await pluginContext.newPage();
  await newVisitor(plugin);
  await plugin.goto('/login?next=%2Factivate%3Fuser_code%3DBCDF-GHJK');
  await islandsReady(plugin);
  await plugin.getByRole('textbox', { name: 'Email' }).fill(email);
  await plugin.getByRole('button', { name: continueWith(organization) }).click();
  await signInAtProvider(plugin, email);
  await expect(plugin).toHaveURL(/\/activate\?user_code=BCDF-GHJK$/);
  await pluginContext.close();

  // The only seat is taken: the next person (another browser) reads that the owner was told.
  const otherContext = await newBrowser(browser);
  const other = await otherContext.newPage();
  await newVisitor(other);
  const second = `grace.${tag}@northwind.test`;
  await (await ssoStep(other, second, organization)).click();
  await signInAtProvider(other, second);
  await expect(other).toHaveURL(/\/sso\/callback/);
  await expect(other.getByRole('alert')).toHaveText(noSeat(organization));
  // The address is there again with its organization's button, for when a seat is free; the
  // refusal is about neither field, so neither is marked invalid.
  const again = other.getByRole('textbox', { name: 'Email' });
  await expect(again).toHaveValue(second);
  await expect(other.getByRole('button', { name: continueWith(organization) })).toBeVisible();
  await expect(again).not.toHaveAttribute('aria-invalid', 'true');
  await expect(other.getByLabel('Password', { exact: true })).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await shot(other, testInfo, 'login-sso-no-seat');
  await otherContext.close();
});
