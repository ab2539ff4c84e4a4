import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/browser';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the real Worker,
 * started by `npm start` exactly as a user starts it.
 */
const port = Number(process.env.E2E_PORT ?? 8787);
/**
 * The local OpenID provider the server starts (scripts/local-idp.mjs) listens beside it, on a
 * port of the tests' own, so a developer's `npm start` (provider on 8790, for its own site port)
 * never answers for them; its redirect URIs include this server's port. The single sign-on spec
 * reads it from E2E_IDP_PORT.
 */
const idpPort = Number(process.env.E2E_IDP_PORT ?? port + 1000);
process.env.E2E_IDP_PORT = String(idpPort);
/**
 * E2E_REUSE_BUILD=1 (.ci/run, right after its build step) starts the server on the dist/ just
 * built instead of building the site a second time; without it `npm start` builds as usual.
 */
const startArgs = process.env.E2E_REUSE_BUILD === '1' ? ' --no-build' : '';
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
/**
 * Tests tagged `@alone` run by themselves, after the others: those that write the server's local
 * D1 file from a second process (the README's `npm run admin -- grant`, team-table's seed through
 * `wrangler d1 execute`), which a request of another test would find locked (SQLITE_BUSY, answered
 * 503), and those that read the whole site's figures, which another test's signup would change.
 * Other tests get their operators from the server itself (POST /dev/operators).
 */
const ALONE = /@alone/;

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Tests, not files, are handed to the workers: each test sets up its own visitor and accounts,
  // and a long file (the console's walk-throughs) no longer keeps one worker busy at the end.
  fullyParallel: true,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs CPU in every test (screencast frames, DOM snapshots), and the
    // end-to-end tests are CPU-bound on 2 cores: a failed test's retry records one instead.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', grepInvert: ALONE, use: chromium },
    {
      name: 'serial',
      grep: ALONE,
      dependencies: ['chromium'],
      workers: 1,
      use: chromium,
    },
  ],
  webServer: {
    command: `PORT=${port} IDP_PORT=${idpPort} node scripts/start.mjs${startArgs}`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
