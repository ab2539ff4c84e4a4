import { newVisitor, signUpForTrial, islandsReady } from './auth.helpers';
import {
  closeOperator,
  grantOperatorFromCommandLine,
  operatorApp,
  operatorEmail,
  signInOperator,
} from './console.helpers';
import { expect, failedLoad, test } from './fixtures';
import { ageProofs, freshCode } from './two-step.helpers';

/**
 * Operators are held to a second factor: the console tells an operator without one how to set it
 * up and opens once they have; a customer's deletion later asks again for a fresh code.
 */
// Alone (the `serial` project): the README's `npm run admin -- grant` and ageProofs write the
// server's local D1 from a second process.
test.describe('The console and second factors', { tag: '@alone' }, () => {
  test('an operator is asked to set up an authenticator app before the console opens', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(failedLoad(403, '/admin'));
    allowConsoleError(failedLoad(403, '/api/admin/session'));
    allowConsoleError(failedLoad(403, '/api/admin/metrics'));
    await newVisitor(page);
    const { email } = await signUpForTrial(page, 'Nora Newcomer');
    await grantOperatorFromCommandLine(email);

    const response = await page.goto('/admin');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('alert').first()).toContainText(
      'The console needs two-step sign-in.',
    );
    await page.screenshot({ path: test.info().outputPath('console-second-factor.png') });
    await expect(page.getByRole('group', { name: 'Range' })).toBeHidden();
    await page.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await islandsReady(page);

    const card = page.getByRole('region', { name: 'Two-Step Sign-In' });
    await card.getByRole('button', { name: 'Set Up an Authenticator App' }).click();
    const secret = await card.locator('.two-step-secret code').innerText();
    await card.getByLabel('Code from the app').fill(await freshCode(secret, new Set()));
    await card.getByRole('button', { name: 'Turn On' }).click();
    await expect(card.getByRole('list', { name: 'Recovery codes' })).toBeVisible();

    const opened = await page.goto('/admin');
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Trials started' })).toBeVisible();
  });

  test('a customer’s deletion asks again for a fresh code after 10 minutes', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // A code is accepted once: the fresh one may wait for the app's next 30-second step.
    test.setTimeout(90_000);
    allowConsoleError(failedLoad(403, '/api/admin/customers/*/actions'));
    await newVisitor(page);
    await signUpForTrial(page, 'Cora Customer');
    await page.goto('/dashboard');
    const userId = await page
      .getByRole('region', { name: 'Save Your User ID' })
      .locator('code')
      .innerText();

    const operator = await signInOperator(browser);
    await ageProofs(operatorEmail(operator), 11);
    await operator.goto(`/admin/customer?id=${userId}`);
    await expect(operator.getByRole('heading', { level: 1, name: 'Cora Customer' })).toBeVisible();
    await operator.getByRole('button', { name: 'Schedule deletion...' }).click();
    const dialog = operator.getByRole('dialog', { name: 'Schedule this account for deletion?' });
    await dialog.getByLabel('Reason').fill('The customer asked by e-mail.');
    await dialog.getByRole('button', { name: 'Schedule deletion' }).click();

    // The step-up dialog opens on top of the action's own, asking for the operator's app.
    const proof = operator.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(proof.getByText('For your safety, confirm it is you')).toBeVisible();
    const app = operatorApp(operator);
    await proof
      .getByLabel('Code from your authenticator app')
      .fill(await freshCode(app.secret, app.used));
    await proof.getByRole('button', { name: 'Confirm' }).click();
    await expect(operator.getByText(/scheduled for deletion/i).first()).toBeVisible();
    await closeOperator(operator);
  });
});
