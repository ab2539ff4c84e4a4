import { expect, test } from './fixtures';

test.describe('search box', () => {
  test('Enter in the search box opens /search with the trimmed query', async ({ page }) => {
    await page.goto('/overview');
    const box = page.getByRole('searchbox', { name: 'Search the site' });
    await box.fill('  renumber  ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=renumber$/);
  });

  test('the magnifier button opens /search with the query', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('wipe model');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=wipe%20model$/);
    await expect(page.getByRole('searchbox', { name: 'Search the site' })).toHaveValue(
      'wipe model',
    );
  });

  test('whitespace-only text does not navigate', async ({ page }) => {
    await page.goto('/pricing');
    const box = page.getByRole('searchbox', { name: 'Search the site' });
    await box.fill('   ');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('/search', () => {
  test('shows Searching... first, then the results with highlighted snippets and paths', async ({
    page,
  }) => {
    // The index is held back until 'Searching...' has been seen: on a slow machine the 300 ms
    // delay can pass before the first look.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search-index.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/search?q=number', { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Searching...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(page.getByText('You searched for: "number"')).toBeVisible();
    await expect(page.getByText(/^\d+ result\(s\) found$/)).toBeVisible();
    await expect(page.getByText('Searching...')).toBeHidden();
    // Substring matching: "number" finds Renumber Views, which a prefix search would miss.
    const results = page.locator('.search-results > li');
    await expect(results.first()).toBeVisible();
    await expect(page.locator('.search-results mark').first()).toHaveText(/number/i);
    await expect(
      page.locator('.search-results').getByRole('link', { name: '/features' }).first(),
    ).toBeVisible();
    const count = Number((await page.getByText(/result\(s\) found/).innerText()).split(' ')[0]);
    await expect(results).toHaveCount(count);
  });

  test('lists each page once, with its best passages linked to their sections', async ({
    page,
  }) => {
    await page.goto('/search?q=renumber');
    const results = page.locator('.search-results > li');
    await expect(results.first()).toBeVisible();
    const titles = await results.locator('.search-result-title a').allInnerTexts();
    const paths = await results.locator('a.search-result-path').allInnerTexts();
    expect(new Set(paths).size).toBe(paths.length);
    // The page named after the query comes first.
    expect(titles[0]).toBe('Renumber Views');
    const count = Number((await page.getByText(/result\(s\) found/).innerText()).split(' ')[0]);
    expect(count).toBe(paths.length);
    // A page shows at most three passages, each with its matches marked.
    for (const passages of await results.all()) {
      const n = await passages.locator('.search-result-passage').count();
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThanOrEqual(3);
    }
    const guide = results.filter({
      has: page.locator('a.search-result-path', { hasText: /^\/guide\/renumber-views$/ }),
    });
    const section = guide.locator('a.search-result-section').first();
    await expect(section).toHaveAttribute('href', /^\/guide\/renumber-views#.+/);
    // Far from the 109 cards of one card per passage: the list stays a few screens long.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(12_000);
  });

  test('the results do not move what is already on screen when they arrive', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput)
            (window as unknown as { shifts: number }).shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/search?q=renumber');
    await expect(page.locator('.search-results > li').first()).toBeVisible();
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    expect(shifts).toBeLessThan(0.05);
  });

  test('a result link leads to its page', async ({ page }) => {
    await page.goto('/search?q=refund');
    const link = page.locator('.search-results li').first().getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\//);
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(href!.split('#')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
  });

  test('a query with no match shows the no-results guidance', async ({ page }) => {
    await page.goto('/search?q=xylophonequartz');
    await expect(page.getByText('0 result(s) found')).toBeVisible();
    await expect(page.getByText('No results found')).toBeVisible();
    await expect(
      page.getByText('Try searching with different keywords or check your spelling.'),
    ).toBeVisible();
    for (const tip of [/broader terms/i, /typos/i, /different keywords/i]) {
      await expect(page.locator('.search-page li').filter({ hasText: tip }).first()).toBeVisible();
    }
  });

  test('a one-character query gives no results', async ({ page }) => {
    await page.goto('/search?q=a');
    await expect(page.getByText('You searched for: "a"')).toBeVisible();
    await expect(page.getByText('0 result(s) found')).toBeVisible();
    await expect(page.getByText('No results found')).toBeVisible();
  });

  test('without a query the page offers its own search box', async ({ page }) => {
    await page.goto('/search');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Search', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Searching...')).toBeHidden();
    const box = page.getByLabel('Type a word or two to find it on the site.');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search$/);
    await box.fill(' wipe ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=wipe$/);
    await expect(page.getByText('You searched for: "wipe"')).toBeVisible();
  });

  test('shows results as the visitor types, and the arrow keys and Enter open one', async ({
    page,
  }) => {
    await page.goto('/search');
    const box = page.getByLabel('Type a word or two to find it on the site.');
    await box.pressSequentially('renum', { delay: 40 });
    // No Enter: the results follow the typing, and the address follows them.
    await expect(page.getByText('You searched for: "renum"')).toBeVisible();
    await expect(page).toHaveURL(/\/search\?q=renum$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    const titles = page.locator('.search-result-title a');
    await expect(titles.first()).toHaveText('Renumber Views');
    // Typing on replaces the results; a one-letter query keeps the rule: no results.
    await box.fill('x');
    await expect(page.getByText('You searched for: "x"')).toBeVisible();
    await expect(page.getByText('0 result(s) found')).toBeVisible();
    await expect(page.locator('.search-results')).toHaveCount(0);
    await box.fill('renumber');
    await expect(page.getByText('You searched for: "renumber"')).toBeVisible();
    await expect(titles.first()).toHaveText('Renumber Views');

    await box.press('ArrowDown');
    await expect(titles.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(titles.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    const href = await titles.first().getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('the query is shown as text, never as markup', async ({ page }) => {
    const query = '<b>bold</b> <img src=x>';
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.getByText(`You searched for: "${query}"`)).toBeVisible();
    await expect(page.locator('.search-page b, .search-page img')).toHaveCount(0);
  });

  test('an index that cannot be loaded shows the unavailable message', async ({
    page,
    allowConsoleError,
  }) => {
    // The aborted load, and the page's own report of it, are logged on purpose.
    allowConsoleError(
      /^Failed to load resource: net::ERR_FAILED @ https?:\/\/[^/]+\/search-index\.json$/,
    );
    allowConsoleError(/^Search index could not be loaded TypeError: Failed to fetch/);
    await page.route('**/search-index.json', (route) => route.abort());
    await page.goto('/search?q=license');
    await expect(page.getByText('You searched for: "license"')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'Search is not available right now: the search index could not be loaded.',
    );
    await expect(page.getByText(/result\(s\) found/)).toHaveCount(0);
  });

  test('a search script that throws shows the generic error screen with the error text', async ({
    page,
    allowConsoleError,
  }) => {
    // The page reports the simulated failure in the console as well as on screen.
    allowConsoleError(/^Simulated script failure @ /);
    allowConsoleError(/^Search page failed Error: Simulated script failure\n/);
    await page.addInitScript(() => {
      // Break an API the search script needs, as a real browser bug or extension might.
      window.URLSearchParams = class {
        constructor() {
          throw new Error('Simulated script failure');
        }
      } as unknown as typeof URLSearchParams;
    });
    await page.goto('/search?q=license');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Unexpected Application Error!');
    await expect(alert).toContainText('Simulated script failure');
  });
});
