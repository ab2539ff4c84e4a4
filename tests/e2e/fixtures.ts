import { test as base, expect } from '@playwright/test';

export { publicRoutes } from '../browser';

/**
 * A page fixture that fails the test on any console error or uncaught page error, so a broken
 * script or a CSP violation cannot pass unnoticed.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };
