import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

export { publicRoutes } from '../browser';

/**
 * The console errors and uncaught page errors of one test's browsers: the `page` fixture's
 * context and every context the test opens itself (a second visitor, an operator), each error
 * as "message @ address" so a test can allow one narrowly by what failed and where.
 */
export interface ConsoleWatch {
  /** Every error logged so far, allowed or not. */
  readonly errors: string[];
  /** Lets the test pass with errors matching `pattern`: only those it provokes on purpose. */
  allow(pattern: RegExp): void;
  /** Throws, listing them, when an error not allowed was logged. */
  check(): void;
}

/**
 * /dev/mailbox shows each message's HTML in a frame sandboxed without scripts, on purpose; the
 * tests' init scripts (addInitScript runs in every frame) are refused there, and Chromium logs it.
 */
const MAIL_FRAME_REFUSES_SCRIPTS =
  /^Blocked script execution in '[^']*\/dev\/mailbox\/[\w-]+\/html' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\./;

/** Starts watching `context` and every context `browser` opens until `stop()`. */
export function watchConsole(
  browser: Browser,
  context: BrowserContext,
): ConsoleWatch & { stop(): void } {
  const errors: string[] = [];
  const allowed: RegExp[] = [MAIL_FRAME_REFUSES_SCRIPTS];
  const listen = (watched: BrowserContext) => {
    watched.on('console', (message) => {
      if (message.type() !== 'error') return;
      const where = message.location().url || message.page()?.url() || 'unknown address';
      errors.push(`${message.text()} @ ${where}`);
    });
    watched.on('weberror', (error) => {
      errors.push(`${error.error().message} @ ${error.page()?.url() ?? 'unknown address'}`);
    });
  };
  listen(context);
  browser.on('context', listen);
  return {
    errors,
    allow: (pattern) => void allowed.push(pattern),
    check() {
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      if (unexpected.length > 0)
        throw new Error(
          `The page logged ${unexpected.length} console error(s):\n${unexpected.map((text) => `  - ${text}`).join('\n')}`,
        );
    },
    stop: () => void browser.off('context', listen),
  };
}

/**
 * The "Failed to load resource" line Chromium logs for an answer with `status` from `path` on
 * the site (a `*` stands for one path segment, such as an id; any query string matches): what
 * `allowConsoleError` takes for a refusal the test provokes.
 */
export function failedLoad(status: number, path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/?]+');
  return new RegExp(
    `^Failed to load resource: the server responded with a status of ${status} \\(.*\\) @ https?://[^/]+${escaped}(\\?.*)?$`,
  );
}

/**
 * Refuses `page`'s loads of the site's chunk `name` (`/_astro/{name}.{hash}.js`), as an offline
 * moment would, until the function it returns is called; the line Chromium logs for each refusal
 * is allowed (`allowConsoleError` is given as `allow`).
 */
export async function refuseChunk(
  page: Page,
  allow: (pattern: RegExp) => void,
  name: string,
): Promise<() => void> {
  allow(new RegExp(`^Failed to load resource: net::ERR_FAILED @ .*\\/_astro\\/${name}\\.`));
  let refused = true;
  await page.route(`**/_astro/${name}.*.js`, (route) =>
    refused ? route.abort() : route.continue(),
  );
  return () => void (refused = false);
}

/**
 * Every test fails when a page logged a console error or threw an uncaught error, so a broken
 * script or a CSP violation cannot pass unnoticed. A test that provokes an error on purpose (a
 * refused login answers 401, which Chromium logs) names it with `allowConsoleError`.
 */
export const test = base.extend<{
  consoleWatch: ConsoleWatch;
  consoleErrors: string[];
  allowConsoleError: (pattern: RegExp) => void;
}>({
  consoleWatch: [
    async ({ browser, context }, use) => {
      const watch = watchConsole(browser, context);
      await use(watch);
      watch.stop();
      watch.check();
    },
    { auto: true },
  ],
  consoleErrors: async ({ consoleWatch }, use) => use(consoleWatch.errors),
  allowConsoleError: async ({ consoleWatch }, use) => use((pattern) => consoleWatch.allow(pattern)),
});

export { expect };
