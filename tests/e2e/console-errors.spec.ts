/**
 * The console-error rule of ./fixtures itself: it must fail a test whose page logs an error, or
 * every other spec's silence about the console would prove nothing.
 */
import { expect, failedLoad, test, watchConsole } from './fixtures';

test.describe('the console-error fixture', () => {
  test('fails a test whose page logs a console error', async ({ page, consoleErrors }) => {
    // Expected to fail: the body below passes, so the failure can only come from the fixture's
    // check after the test. Should that check stop failing, this test is reported as failed.
    test.fail();
    await page.setContent('<p>A page that reports a problem</p>');
    await page.evaluate(() => console.error('logged on purpose by the fixture test'));
    await expect
      .poll(() => consoleErrors)
      .toEqual([expect.stringMatching(/^logged on purpose by the fixture test @ /)]);
  });

  test('lists every error, from any page the test opens, and lets only an allowed one pass', async ({
    browser,
    allowConsoleError,
  }) => {
    // The test's own watch sees these pages too; what they log here is on purpose.
    allowConsoleError(/^first error @ /);
    allowConsoleError(/^uncaught on the second page @ /);
    const first = await browser.newContext();
    const watch = watchConsole(browser, first);
    const page = await first.newPage();
    await page.setContent('<p>One</p>');
    await page.evaluate(() => console.error('first error'));
    const second = await browser.newPage();
    await second.setContent('<p>Two</p>');
    await second.evaluate(() => {
      setTimeout(() => {
        throw new Error('uncaught on the second page');
      });
    });
    await expect.poll(() => watch.errors.length).toBe(2);
    watch.stop();

    expect(() => watch.check()).toThrow(
      /logged 2 console error\(s\):\n {2}- first error @ .*\n {2}- uncaught on the second page @ /,
    );
    watch.allow(/^first error @ /);
    expect(() => watch.check()).toThrow(/logged 1 console error\(s\):\n {2}- uncaught on the/);
    watch.allow(/^uncaught on the second page @ /);
    expect(() => watch.check()).not.toThrow();
    await first.close();
    await second.context().close();
  });

  test('allows a refused request only by its status and path', async () => {
    const refused =
      'Failed to load resource: the server responded with a status of 401 (Unauthorized) @ http://localhost:8794/api/auth/login';
    expect(failedLoad(401, '/api/auth/login').test(refused)).toBe(true);
    expect(failedLoad(403, '/api/auth/login').test(refused)).toBe(false);
    expect(failedLoad(401, '/api/auth/logout').test(refused)).toBe(false);
    expect(failedLoad(401, '/api/auth/login').test(`${refused}?next=/dashboard`)).toBe(true);
    expect(failedLoad(401, '/api/auth/login').test(`${refused}/elsewhere`)).toBe(false);
  });
});
