// Type-aware lint: TypeScript rules with type information for functions/, src/ and
// tests/, the Astro plugin for .astro files, and the hooks rules for React islands. On top, the
// module-graph rules: no import cycles anywhere, and services/ stays free of Hono and of the
// HTTP layer (routes/, middleware/).
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import astro from 'eslint-plugin-astro';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const tsFiles = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

/** The feature folders of functions/services/ above shared/. */
const featureFolders = [
  'accounts',
  'billing',
  'licensing',
  'releases',
  'mail',
  'support',
  'organizations',
  'admin',
  'cron',
].map((folder) => `./functions/services/${folder}`);

/**
 * The use cases: what a person, Stripe, the cron or the task queue does. Routes (and the cron
 * runner and the queue entry, functions/queue.ts) call them;
 * no service imports one. Everything else in services/ is shared rules or entities.
 */
const useCases = [
  'accounts/signup',
  'accounts/login',
  'accounts/password-reset',
  'accounts/deletion',
  'billing/standard-signup',
  'billing/upgrade-checkout',
  'billing/completion',
  'billing/webhook',
  'billing/manage',
  'billing/overview',
  'licensing/activation',
  'licensing/usage',
  'releases/downloads',
  'releases/update-check',
  'support/contact',
  'mail/delivery',
  'admin/search',
  'admin/customer',
  'admin/customer-actions',
  'admin/inbox',
  'admin/organizations',
  'organizations/join',
  'organizations/team',
  'admin/money-attention',
].map((file) => `./functions/services/${file}.ts`);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.wrangler/',
      'node_modules/',
      'worker-configuration.d.ts',
      'public/',
      'playwright-report/',
      'test-results/',
      '.bench-starlight/',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: ['**/*.ts', '**/*.tsx'],
  })),
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Hono handlers and Playwright callbacks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Module graph: relative (extensionless) imports resolve through tsconfig.json like tsc does.
  {
    files: tsFiles,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` }),
      ],
    },
    rules: {
      // Type-only imports (`import type`) are erased and do not count as a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Layering: services/ holds the rules and knows nothing of HTTP; only routes/ and middleware/
  // speak Hono. Type-only imports count too.
  {
    files: ['functions/services/**/*.{ts,tsx,mts,cts}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['hono', 'hono/*', '@hono/*'],
              message:
                'services/ must not depend on Hono: take plain inputs, return plain results.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './functions/services',
              from: ['./functions/routes', './functions/middleware'],
              message: 'services/ must not import the HTTP layer (routes/, middleware/).',
            },
            // shared rules and errors → entities → use cases (docs/architecture.md).
            {
              target: './functions/services/shared',
              from: featureFolders,
              message: 'shared/ is the bottom layer: it imports no feature folder.',
            },
            {
              target: './functions/services/!(cron)/**',
              from: './functions/services/cron',
              message: 'cron/ is a top layer: nothing below imports it.',
            },
            {
              target: './functions/services/**',
              from: useCases,
              message:
                'Nothing imports a use case (not even another use case): move the shared helper down into an entity.',
            },
          ],
        },
      ],
    },
  },
  // Browser code checks answers with shapes and forms with rules (src/contract/shape.ts,
  // rules.ts): zod and the Worker's request schemas stay out of its bundles (DESIGN §5 budgets).
  {
    files: ['src/islands/**', 'src/scripts/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*'],
              allowTypeImports: true,
              message:
                'Browser bundles carry no schema library: use contract/shape.ts or rules.ts.',
            },
            {
              group: [
                '**/contract/auth',
                '**/contract/licensing',
                '**/contract/register-plans',
                '**/contract/releases',
              ],
              allowTypeImports: true,
              message: "These are the Worker's zod request schemas: import types only.",
            },
          ],
        },
      ],
    },
  },
  // Every end-to-end test takes `test` from tests/e2e/fixtures.ts, whose auto fixture fails the
  // test on a console error or uncaught page error; Playwright's own `test` would skip that check.
  {
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'default'],
              message: "Import `test` from './fixtures': it fails the test on a console error.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/islands/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...astro.configs.recommended,
);
