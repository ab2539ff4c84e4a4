import AxeBuilder from '@axe-core/playwright';
import { Messages } from '../../src/contract/messages';
import { site } from '../../src/site.config';
import { latestMail, newVisitor, uniqueEmail } from './auth.helpers';
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

  test('acknowledges the message by e-mail, which the mailbox shows as the sender sees it', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('contact');
    await page.goto('/about');
    const form = page.locator('form[data-contact-form]');
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByLabel('Message').fill('Do you offer Enterprise pricing for 40 seats?');
    await form.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await form.getByRole('button', { name: 'SEND' }).click();
    await expect(form.getByRole('status')).toHaveText(/Thank you/);

    const mail = await latestMail(page.request, email, 'contact-received');
    expect(mail.text).toContain(
      `We received your message and will reply to this address ${site.supportReplyTime}.`,
    );
    expect(mail.text).toContain('You wrote:\n> Do you offer Enterprise pricing for 40 seats?');

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const message = page.getByRole('article').filter({ hasText: mail.subject });
    const frame = message.frameLocator('iframe.mail');
    await expect(
      frame.locator('p', { hasText: 'We received your message and will reply' }),
    ).toBeVisible();
    // The logo is an image the site serves, as a mail client loads it.
    const logo = await frame.locator('img').getAttribute('src');
    const image = await page.request.get(logo ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const text = message.locator('details pre');
    await expect(text).toBeHidden();
    await message.getByText('Text part').click();
    await expect(text).toContainText(
      `We received your message and will reply to this address ${site.supportReplyTime}.`,
    );
    // The page around the messages; axe cannot run inside a frame that allows no script.
    const results = await new AxeBuilder({ page }).exclude('iframe.mail').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const path = testInfo.outputPath(`mailbox-${width}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`mailbox-${width}`, { path, contentType: 'image/png' });
    }
  });
});
