import { expect, test } from './fixtures';

const tabCases: Array<[string, string]> = [
  ['/', 'OVERVIEW'],
  ['/overview', 'OVERVIEW'],
  ['/pricing', 'PRICING'],
  ['/guide', 'GUIDE'],
  ['/guide/renumber-views', 'GUIDE'],
  ['/about', 'ABOUT'],
];

test.describe('layout and navigation', () => {
  for (const [path, tab] of tabCases) {
    test(`the ${tab} tab is the only active tab at ${path}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.getByRole('link', { name: tab, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });
  }

  test.describe('inside the dashboard (static HTML: signed-out visitors are sent to /login by script)', () => {
    test.use({ javaScriptEnabled: false });
    for (const path of [
      '/dashboard',
      '/dashboard/settings',
      '/dashboard/usage',
      '/dashboard/billing',
    ]) {
      test(`the DASHBOARD tab is the only active tab at ${path}`, async ({ page }) => {
        await page.goto(path);
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        await expect(nav.getByRole('link', { name: 'DASHBOARD', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
      });
    }
  });

  test('the features page has no active tab but highlights its sidebar link', async ({ page }) => {
    await page.goto('/features');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]'),
    ).toHaveCount(0);
    await expect(
      page
        .getByRole('navigation', { name: 'Documentation' })
        .getByRole('link', { name: 'Features' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('signed out, the header offers SIGN IN and DOWNLOAD leads to pricing', async ({ page }) => {
    await page.goto('/overview');
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'DOWNLOAD' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'My account' })).toBeHidden();
  });

  test('with a stored session, the header shows the user icon and DOWNLOAD leads to the dashboard', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('user', JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
      localStorage.setItem('tokenExpiration', String(Date.now() + 86_400_000));
    });
    await page.goto('/overview');
    await expect(page.getByRole('link', { name: 'My account' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    // The dashboard's download button (DOWNLOAD goes to /dashboard when signed in).
    await expect(page.getByRole('link', { name: 'DOWNLOAD' })).toHaveAttribute(
      'href',
      '/dashboard#download',
    );
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toBeHidden();
  });

  test('an expired stored session counts as signed out', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('user', JSON.stringify({ name: 'Ada' }));
      localStorage.setItem('tokenExpiration', String(Date.now() - 1000));
    });
    await page.goto('/overview');
    await expect(page.getByRole('link', { name: 'SIGN IN' })).toBeVisible();
  });

  test('the left sidebar, Quick Jumps and footer links are present', async ({ page }) => {
    await page.goto('/installation');
    const docs = page.getByRole('navigation', { name: 'Documentation' });
    for (const [name, href] of [
      ['Features', '/features'],
      ['Installation', '/installation'],
      ['Changelog', '/changelog'],
      ['FAQ', '/faq'],
    ] as const) {
      await expect(docs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const jumps = page.getByRole('navigation', { name: 'Quick Jumps' });
    await expect(jumps).toContainText('Quick Jumps');
    const firstHeading = page.locator('article h2').first();
    const id = await firstHeading.getAttribute('id');
    await expect(jumps.locator(`a[href="#${id}"]`)).toHaveText(
      (await firstHeading.innerText()).trim(),
    );
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const href of ['/privacy', '/terms', '/about', '/refund-policy']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/about');
    await expect(page.getByRole('contentinfo')).toContainText('bot-check protection');
  });

  test('on a phone-width screen the menu collapses and opens with its button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/pricing');
    const tab = page.getByRole('link', { name: 'PRICING', exact: true });
    await expect(tab).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(tab).toBeVisible();
    await page.getByRole('link', { name: 'ABOUT', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('the overview cards lead to installation, features and the guide', async ({ page }) => {
    await page.goto('/');
    for (const [name, href] of [
      ['Getting Started', '/installation'],
      ['Discover', '/features'],
      ['Documentation', '/guide'],
    ] as const) {
      await expect(
        page.locator('article').getByRole('link', { name, exact: true }),
      ).toHaveAttribute('href', href);
    }
  });
});
