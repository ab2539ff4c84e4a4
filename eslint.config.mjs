// Type-aware lint: TypeScript rules with type information for functions/, src/ and
// tests/, the Astro plugin for .astro files, and the hooks rules for React islands. On top, what
// a file may import from packages: services/ stay free of Hono, browser bundles free of zod.
// The shape of our own module graph (layers, feature folders, no cycles) is checked by
// dependency-cruiser: .dependency-cruiser.cjs.
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
      // Written by scripts/pdf-fonts.mjs: font files as base64.
      'functions/dev/pdf-fonts/',
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
  // services/ hold the rules and know nothing of HTTP: only routes/ and middleware/ speak Hono.
  // Type-only imports count too.
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
    },
  },
  // Browser code checks answers with shapes and forms with rules (src/contract/shape.ts,
  // rules.ts): zod and every file of src/contract/schemas/ (the zod schemas of the Worker and the
  // reference client) stay out of its bundles, which have size budgets (docs/performance.md). Types
  // are free.
  {
    // The other contract files are imported by the islands too, so they follow the same rule.
    files: ['src/islands/**', 'src/scripts/**', 'src/lib/**', 'src/contract/*'],
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
              group: ['**/contract/schemas/**', './schemas/**'],
              allowTypeImports: true,
              message: 'contract/schemas/ holds the zod schemas of the Worker: import types only.',
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
