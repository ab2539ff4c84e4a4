import { Messages } from '../../src/contract/messages';
import { newVisitor, uniqueEmail } from './auth.helpers';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

test.describe('contact form', () => {
  test('sends a bot-checked message and shows the server confirmation, with the mailto fallback', async ({
    page,
  }) => {
    await page.goto('/about');
    const form = page.locator('form[data-contact-form]');
    await expect(form.getByRole('link', { name: 'support@sheetwright.example' })).toHaveAttribute(
      'href',
      'mailto:support@sheetwright.example',
    );
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('contact'));
    await form.getByLabel('Message').fill('Could we get an Enterprise quote for 12 seats?');
    await form.getByRole('button', { name: 'SEND' }).click();
    await expect(form.getByRole('alert')).toHaveText(Messages.recaptchaNotReady);

    await form.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await form.getByRole('button', { name: 'SEND' }).click();
    await expect(form.getByRole('status')).toHaveText(/Thank you/);
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByText('Or e-mail us directly')).toBeVisible();
  });
});
