import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { writePdfFonts } from './scripts/pdf-fonts.mjs';
import { writeReleasesModuleOrExit } from './scripts/releases.ts';

/** A fresh random secret per run: tests never depend on a value, and none is committed. */
const testSecret = () => randomBytes(32).toString('base64url');
/** A fresh Ed25519 private JWK (JSON) per run for signing license files. */
const testLicenseKey = () =>
  JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));

// wrangler.toml lists required secrets; while reading it, wrangler warns once per test file when
// they are missing from .dev.vars and process.env, and logs where it found them. Supplying them
// here and keeping wrangler's logger to warnings keeps the test output about tests.
process.env['JWT_SECRET'] ??= testSecret();
process.env['PASSWORD_PEPPER'] ??= testSecret();
process.env['LICENSE_SIGNING_KEY'] ??= testLicenseKey();
process.env['WRANGLER_LOG'] ??= 'warn';

// The Worker reads the releases from a module generated from src/content/releases/; tests see
// the entries as they are now (and a bad entry fails here, naming the file).
await writeReleasesModuleOrExit();
// The local invoice PDF's fonts, modules written from the font packages (once; a few seconds).
writePdfFonts();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          // The files share one module graph instead of importing their modules again each:
          // what the tests import is pure or caches only what its inputs determine, and the few
          // mocks and stubbed globals are undone by the tests that make them.
          isolate: false,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            // Bindings and compatibility settings come from wrangler.toml, like production. The
            // entry is the source, not the build wrangler.toml names (scripts/build-worker.mjs):
            // tests import the modules themselves, and SELF runs the same code.
            wrangler: { configPath: './wrangler.toml' },
            main: './functions/index.ts',
            miniflare: {
              // A tiny fixture site instead of dist/: no build needed, and page edits cannot break
              // these tests. Other [assets] settings (binding, 404-page) still come from wrangler.toml.
              assets: { directory: './tests/worker/fixtures/assets' },
              bindings: {
                // Pinned here so a developer's .dev.vars (ENVIRONMENT=development) cannot leak in.
                ENVIRONMENT: 'production',
                // Test requests go to this origin; production answers no other host.
                SITE_ORIGIN: 'https://sheetwright.test',
                JWT_SECRET: testSecret(),
                PASSWORD_PEPPER: testSecret(),
                LICENSE_SIGNING_KEY: testLicenseKey(),
                TEST_MIGRATIONS: await readD1Migrations(
                  fileURLToPath(new URL('./migrations', import.meta.url)),
                ),
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.ts'],
          // One runtime per worker process for all its files rather than one per file: starting a
          // runtime and loading the Worker's modules into it again took most of this project's
          // time. setup.ts gives each file empty storage and the migrations, as a runtime of its own
          // would.
          isolate: false,
          setupFiles: ['tests/worker/setup.ts'],
          // A test walks whole journeys through the Worker (sign-ups, purchases, PDFs) and took
          // 1 to 3 s on a quiet machine; on a loaded one (CI's checks beside it) vitest's default
          // 5 s failed tests that were only slow. A hung test still fails.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
