import type { Browser, Page } from '@playwright/test';
import { islandsReady, newVisitor, PASSWORD, signUpForTrial } from './auth.helpers';
import { partFailed } from '../../src/islands/shared/lazy-part';
import { expect, failedLoad, refuseChunk, test } from './fixtures';
import { enableTwoStepByApi, freshCode, totpCode } from './two-step.helpers';

/**
 * Two-step sign-in as a customer meets it: turning it on in Account Settings with the secret the
 * page shows (codes computed by a TOTP library, as an authenticator app would), signing in with
 * a code and with a recovery code (once only), and the code step without JavaScript.
 */

/** A new browser at /login that enters the e-mail and password; lands on the code page. */
async function passwordStep(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await newVisitor(page);
  await page.goto('/login');
  await islandsReady(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login\/code$/);
  await expect(page.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeVisible();
  return page;
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('Two-step sign-in', () => {
  test('an engineer turns it on in Settings, then signs in with a code and a recovery code', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // A code is accepted once: each fresh one may wait for the app's next 30-second step.
    test.setTimeout(150_000);
    await newVisitor(page);
    const { email, name } = await signUpForTrial(page);
    await page.goto('/dashboard/settings');
    await islandsReady(page);
    const card = page.getByRole('region', { name: 'Two-Step Sign-In' });
    await card.getByRole('button', { name: 'Set Up an Authenticator App' }).click();
    await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = await card.locator('.two-step-secret code').innerText();
    expect(secret).toMatch(/^[A-Z2-7 ]{20,}$/);

    // A wrong first code is refused in plain words (a 400 the browser logs) and nothing turns on.
    allowConsoleError(failedLoad(400, '/api/two-step/confirm'));
    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Turn On' }).click();
    await expect(card.getByRole('alert')).toContainText('That code is not correct');

    const used = new Set<string>();
    await card.getByLabel('Code from the app').fill(await freshCode(secret, used));
    await card.getByRole('button', { name: 'Turn On' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCodes = await codes.allInnerTexts();
    await page.screenshot({ path: test.info().outputPath('two-step-codes.png'), fullPage: true });
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText('On since');
    await expect(card).toContainText('10 of 10 recovery codes left');

    // The next visit: the password, then the app's code.
    const withCode = await passwordStep(browser, email);
    allowConsoleError(failedLoad(400, '/login/code'));
    await enterCode(withCode, '111111');
    await expect(withCode.getByRole('alert')).toContainText('That code is not correct');
    await enterCode(withCode, await freshCode(secret, used));
    await expect(withCode).toHaveURL(/\/dashboard$/);
    await expect(withCode.getByText(`Welcome back, ${name}!`)).toBeVisible();
    await withCode.context().close();

    // Phone lost: a recovery code signs in once.
    const [recovery = ''] = recoveryCodes;
    const withRecovery = await passwordStep(browser, email);
    await enterCode(withRecovery, recovery);
    await expect(withRecovery).toHaveURL(/\/dashboard$/);
    await withRecovery.context().close();

    const reused = await passwordStep(browser, email);
    await enterCode(reused, recovery);
    await expect(reused.getByRole('alert')).toHaveText(
      'This recovery code has already been used. Each recovery code works once: use another one.',
    );
    await expect(reused).toHaveURL(/\/login\/code$/);
    await reused.context().close();

    await page.reload();
    await islandsReady(page);
    await expect(card).toContainText('9 of 10 recovery codes left');
    // Turning it off needs a code: the password alone never undoes the app.
    await card.getByRole('button', { name: 'Turn Off' }).click();
    await card.getByLabel('Authenticator code').fill(await freshCode(secret, used));
    await card.getByRole('button', { name: 'Turn Off' }).click();
    await expect(card.getByRole('status')).toHaveText('Two-step sign-in is off.');
    await expect(card.getByRole('button', { name: 'Set Up an Authenticator App' })).toBeVisible();
    expect(totpCode(secret)).toMatch(/^\d{6}$/);
  });

  test('its steps load when set-up starts; a failed load says so, and Try again loads them', async ({
    page,
    allowConsoleError,
  }) => {
    await newVisitor(page);
    await signUpForTrial(page);
    // The steps' chunk is refused once, as an offline moment would.
    const backOnline = await refuseChunk(page, allowConsoleError, 'TwoStepSteps');
    await page.goto('/dashboard/settings');
    await islandsReady(page);
    const card = page.getByRole('region', { name: 'Two-Step Sign-In' });
    await card.getByRole('button', { name: 'Set Up an Authenticator App' }).click();
    await expect(card.getByRole('alert')).toHaveText(partFailed);
    await expect(card.getByRole('button', { name: 'Try again' })).toBeFocused();
    await card.screenshot({ path: test.info().outputPath('two-step-load-failed.png') });
    backOnline();
    await card.getByRole('button', { name: 'Try again' }).click();
    await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(card.getByLabel('Code from the app')).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('two-step-setup.png'), fullPage: true });
  });
});

test.describe('Two-step sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the password form leads to the code form, which signs in', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const setup = await browser.newContext({ javaScriptEnabled: true });
    const setupPage = await setup.newPage();
    await newVisitor(setupPage);
    const { email } = await signUpForTrial(setupPage);
    const { secret, used } = await enableTwoStepByApi(setupPage);
    await setup.close();

    await newVisitor(page);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login\/code$/);
    await expect(page.locator('form#code-form')).toHaveAttribute('method', 'post');
    await enterCode(page, await freshCode(secret, used));
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
