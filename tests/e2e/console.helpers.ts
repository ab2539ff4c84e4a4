/**
 * The operator's side of the console tests: an account made an operator (through the development
 * server, or from the command line as the README says), its own browser, and the checks
 * every console page passes (axe, no sideways scrolling).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { islandsReady, newVisitor, signUpForTrial } from './auth.helpers';
import { expect, test } from './fixtures';
import { enableTwoStepByApi } from './two-step.helpers';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

/**
 * Makes the account an operator exactly as the README says: `npm run admin -- grant EMAIL`, a
 * second process writing the server's local SQLite file. Only the spec that walks through the
 * README uses it, in the `serial` project of playwright.config.ts, which runs by itself after
 * the others so no other test's request meets the file locked; should the server itself hold it
 * (its own write of that moment), the grant is tried again.
 */
export async function grantOperatorFromCommandLine(email: string): Promise<void> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      const { stdout } = await run(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', 'scripts/admin.mjs', 'grant', email],
        { cwd: root, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' } },
      );
      expect(stdout).toContain('is now an operator');
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 500 + attempt * 500));
    }
  }
  throw lastError;
}

/**
 * Makes the account an operator through the development server itself (POST /dev/operators,
 * the same change as the command line), so tests that need an operator run beside the others.
 */
export async function grantOperator(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/dev/operators', {
    data: { email, operator: true },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ operator: true });
}

/** The e-mail each operator page signed up with (the password is auth.helpers' PASSWORD). */
const operatorEmails = new WeakMap<Page, string>();
/** Each operator page's authenticator app (its secret, and the codes already used). */
const operatorTwoStep = new WeakMap<Page, Awaited<ReturnType<typeof enableTwoStepByApi>>>();

/** The operator's authenticator app, to answer "confirm it is you". */
export function operatorApp(page: Page) {
  const app = operatorTwoStep.get(page);
  if (!app) throw new Error('not an operator page of signInOperator');
  return app;
}

/** The e-mail address the operator of `page` signs in with. */
export function operatorEmail(page: Page): string {
  const email = operatorEmails.get(page);
  if (!email) throw new Error('not an operator page of signInOperator');
  return email;
}

/**
 * A new browser (own cookies, fingerprint and IP) signed up for a trial, made an operator, with an
 * authenticator app set up in that session (so the session proved a second factor).
 */
export async function signInOperator(browser: Browser): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await newVisitor(page);
  const { email } = await signUpForTrial(page, 'Olive Operator');
  await grantOperator(page, email);
  // The console needs a second factor: the operator sets up an authenticator app first.
  operatorTwoStep.set(page, await enableTwoStepByApi(page));
  operatorEmails.set(page, email);
  return page;
}

/**
 * Closes the operator's browser. What its pages logged is checked with the test's own (the
 * console-error rule of ./fixtures watches every browser a test opens).
 */
export async function closeOperator(operator: Page) {
  await operator.context().close();
}

/** How far the page is wider than the window (tables scroll inside their cards instead). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}

/**
 * An Enterprise organization made by an operator on the console's New organization form, owned
 * by `ownerEmail`: `seats` seats (2 unless given) of `devicesPerSeat` devices, priority support,
 * the agreement `reference`.
 */
export async function createOrganizationInConsole(
  browser: Browser,
  options: {
    ownerEmail: string;
    name: string;
    seats?: number;
    devicesPerSeat: number;
    reference: string;
  },
): Promise<void> {
  const { ownerEmail, name, seats = 2, devicesPerSeat, reference } = options;
  const operator = await signInOperator(browser);
  await operator.goto('/admin/organizations');
  await islandsReady(operator);
  await operator.getByRole('button', { name: 'New organization' }).click();
  const form = operator.getByRole('region', { name: 'New organization' });
  await form.getByLabel('Organization name').fill(name);
  await form.getByLabel("Owner's e-mail").fill(ownerEmail);
  await form.getByLabel('Seats').fill(String(seats));
  await form.getByLabel('Devices per seat').fill(String(devicesPerSeat));
  await form.getByLabel('Support tier').selectOption('priority');
  await form.getByLabel('Agreement reference').fill(reference);
  await form.getByLabel('Reason').fill('Signed agreement (end-to-end test)');
  await form.getByRole('button', { name: 'Create organization' }).click();
  await expect(operator.getByRole('heading', { level: 1, name })).toBeVisible();
  await closeOperator(operator);
}
