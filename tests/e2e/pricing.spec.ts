import { expect, test } from './fixtures';

test.describe('/pricing', () => {
  test('shows the three plans with prices from the config and their sign-up links', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const trial = page.locator('[data-plan="trial"]');
    const standard = page.locator('[data-plan="standard"]');
    const enterprise = page.locator('[data-plan="enterprise"]');
    await expect(trial.getByRole('heading', { name: 'Free Trial' })).toBeVisible();
    await expect(trial).toContainText('$0');
    await expect(standard).toContainText('$129');
    await expect(trial.getByRole('link')).toHaveAttribute('href', '/signup?plan=trial');
    await expect(standard.getByRole('link')).toHaveAttribute('href', '/signup?plan=standard');
    await expect(enterprise.getByRole('link')).toHaveAttribute('href', '/about');
  });

  test('clicking a comparison row shows its details, clicking again hides them', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const toggle = page.getByRole('button', { name: 'Active devices' });
    const detailsId = await toggle.getAttribute('aria-controls');
    const details = page.locator(`#${detailsId}`);
    await expect(details).toBeHidden();
    // A click anywhere on the row expands it, not only on the button.
    await toggle.locator('xpath=ancestor::tr').locator('td').first().click();
    await expect(details).toBeVisible();
    await expect(details).toContainText('activated once per device');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(details).toBeHidden();
  });

  test('comparison rows expand from the keyboard', async ({ page }) => {
    await page.goto('/pricing');
    const toggle = page.getByRole('button', { name: 'Plugin updates' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('/about', () => {
  test('shows the powering company with a tappable phone number', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('address')).toBeVisible();
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(1);
  });

  test('the contact form refuses to send until name, a valid email and a message are given', async ({
    page,
  }) => {
    await page.goto('/about');
    const form = page.locator('form[data-contact-form]');
    const send = form.getByRole('button', { name: 'SEND' });
    await send.click();
    expect(await form.evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false);
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Message').fill('Hello');
    expect(
      await form.getByLabel('Email').evaluate((i: HTMLInputElement) => i.validity.typeMismatch),
    ).toBe(true);
    await form.getByLabel('Email').fill('ada@example.com');
    expect(await form.evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(true);
  });
});
