// Static site: every page is prebuilt HTML served by the Worker's assets binding.
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { writePdfFonts } from './scripts/pdf-fonts.mjs';
import { writeReleasesModuleOrExit } from './scripts/releases.ts';
import { inSitemap } from './src/lib/seo.ts';
import { site } from './src/site.config.ts';

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * Rolldown's warnings, less one that is no news: every MDX entry's propagated-assets module,
 * which Astro itself generates, starts with the "use astro:head-inject" directive, and Rolldown
 * warns once per entry that the directive "may not be preserved when bundling". Nothing reads it
 * after Astro generated the module (the module carries its head propagation as
 * `__astroPropagation` instead), so it is dropped from the log; every other warning, including
 * any other module-level directive, is passed on to Vite.
 * @param {{ code?: string; message: string }} warning
 * @param {(warning: { code?: string; message: string }) => void} warn
 */
function onwarn(warning, warn) {
  const astroHeadInject =
    warning.code === 'MODULE_LEVEL_DIRECTIVE' &&
    warning.message.includes('"use astro:head-inject"');
  if (!astroHeadInject) warn(warning);
}
/**
 * What every island page loads, and only island pages: React and its client, the error boundary,
 * and the stand-in for Vite's preload helper around every lazy import(), which only island code
 * reads (a file of its own otherwise, one more request for a line). A script of a page without an
 * island must not use import(), or it would load React with it (the bench's 5 KB budget for such
 * pages fails then).
 */
const REACT_BASE =
  /node_modules[\\/](react|react-dom|scheduler)[\\/]|node_modules[\\/]@astrojs[\\/]react[\\/]dist[\\/]client\.js$|[\\/]src[\\/]islands[\\/]ErrorBoundary\.tsx$|^\0vite[\\/]preload-helper\.js$/;
/**
 * The small contracts nearly every page with a script reads (the contact form on /about too, no
 * React there): shapes, the message catalogue and the seat words, and the check of a bare
 * `{ message }` answer (a few dozen bytes, otherwise a file of its own on eight pages).
 */
const CONTRACTS =
  /[\\/]src[\\/](contract[\\/](shape|messages|seat-texts)|config[\\/]seats|generated[\\/]answers[\\/]MessageAnswer)\.ts$/;
/**
 * The stored session, as the pages of a signed-in account and the sign-in pages read it: the
 * guard, the storage, the auth store and the error codes (not the signup or password-reset pages),
 * and the checks of the two answers that carry a session's user (`GET /api/me`, a sign-in's),
 * each a file of its own before.
 */
const SESSION =
  /[\\/]src[\\/](lib[\\/]auth[\\/](guard|storage|storage-keys)|islands[\\/]shared[\\/]auth-store|contract[\\/]error-codes|generated[\\/]answers[\\/](GetSignedInUser|Session)Answer)\.ts$/;

/**
 * Small modules that the same account pages read together at first load, one chunk each instead
 * of one file per module (every file costs its own imports and gzip framing): the signed-in user's
 * refresh (/dashboard, settings), the license and charge wording (/dashboard, billing), the
 * upgrade call with its checkout answer (the upgrade buttons that load on their own), the table and
 * its moments (billing, team, usage), the data hook with the ended-session check (billing,
 * settings, team, usage), the form rules with their plain-text checks, and the activation history
 * with the scrolled-near helper (usage). Each was a chunk of its own because lazy parts read it too
 * (dialogs, sections); those still load it from here.
 * Chosen so no page loads a module it did not load before, but for Moment on billing and a few
 * hundred bytes on console pages (under their 100 KB ceiling): merging what the sign-in pages and
 * /about share with the account pages (the session, the api, the formats) would put those over
 * their budgets (docs/performance.md).
 */
const ACCOUNT_GROUPS = [
  [
    'account-user',
    /[\\/]src[\\/]islands[\\/](shared[\\/]auth-calls|dashboard[\\/]use-dashboard-user)\.ts$/,
  ],
  ['account-view', /[\\/]src[\\/]lib[\\/](charges|auth[\\/]account-view)\.ts$/],
  [
    'upgrade',
    /[\\/]src[\\/](islands[\\/]shared[\\/]upgrade\.ts|generated[\\/]answers[\\/]CheckoutAnswer\.ts)$/,
  ],
  ['DataTable', /[\\/]src[\\/]islands[\\/]shared[\\/](DataTable|Moment)\.tsx$/],
  // The form rules with the plain-text checks they are made of (a passkey's name is checked with
  // the latter alone, in a step that loads later): one chunk for the sign-in and signup forms.
  ['rules', /[\\/]src[\\/]contract[\\/](rules|plain-text)\.ts$/],
  ['use-load', /[\\/]src[\\/]islands[\\/]shared[\\/](use-load|session-ended)\.ts$/],
  [
    'HistorySection',
    /[\\/]src[\\/](islands[\\/]usage[\\/](HistorySection\.tsx|format\.ts)|islands[\\/]shared[\\/]Near\.tsx|config[\\/]legal\.ts)$/,
  ],
];

export default defineConfig({
  site: site.url,
  output: 'static',
  integrations: [
    {
      // The Worker's list of releases (src/generated/releases.ts) is written from the same
      // entries as the changelog at every build, sync and check; a bad entry stops them here.
      name: 'sheetwright:releases',
      hooks: {
        'astro:config:setup': async ({ logger }) => {
          if (await writeReleasesModuleOrExit()) logger.info('wrote src/generated/releases.ts');
        },
      },
    },
    {
      // The local invoice PDF's fonts (functions/dev/pdf-fonts/, git-ignored) are written from
      // the font packages, so type checks after `astro sync` see the module the Worker imports.
      name: 'sheetwright:pdf-fonts',
      hooks: {
        'astro:config:setup': ({ logger }) => {
          if (writePdfFonts()) logger.info('wrote functions/dev/pdf-fonts/');
        },
      },
    },
    {
      // client:afterpaint (src/client/after-paint.ts): islands whose prebuilt markup is the
      // page's main text hydrate after the first paint instead of racing it.
      name: 'sheetwright:after-paint',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'afterpaint',
            entrypoint: fileURLToPath(new URL('./src/client/after-paint.ts', import.meta.url)),
          });
        },
      },
    },
    mdx(),
    react(),
    // Every page except those src/lib/seo.ts leaves out (account, console and sign-in pages,
    // search results, aliases): a new public page, a guide page included, is listed as built.
    // Plain page URLs only, so none of the news, image, video or xhtml namespaces is declared.
    sitemap({
      filter: inSitemap,
      namespaces: { news: false, xhtml: false, image: false, video: false },
    }),
  ],
  // `/pricing` is served from `pricing.html`: clean URLs without a redirect to a trailing slash.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'never',
  // Never inline assets as data: URLs; the CSP allows scripts only from 'self' plus hashed inline
  // bootstraps. The one exception is the header's script, which every page runs: inlined (and
  // hashed by scripts/postbuild.mjs), it costs no request before the first paint.
  vite: {
    build: {
      assetsInlineLimit: (file) => /(^|\/)Header\.astro_astro_type_script_/.test(file),
      // Texts and limits are one export each (src/contract/texts.ts): inlined where read, a
      // page's islands carry only the texts they show instead of a shared chunk of all of them.
      rolldownOptions: { optimization: { inlineConst: { mode: 'all', pass: 2 } }, onwarn },
    },
    plugins: [
      {
        // Islands import a few small chunks on first use (login-calls.ts and the like); Vite's
        // preload helper for those would weigh more than the chunks' own imports it saves.
        // What every island page loads shares one chunk (REACT_BASE), and the contracts and the
        // stored session, read together by most pages, one each; spread over a dozen, each
        // module cost its own imports and gzip framing on every page.
        // Astro sets the client build's options itself, so these are set as its last step.
        name: 'sheetwright:client-chunks',
        configEnvironment(name, config) {
          if (name !== 'client') return;
          const rolldownOptions = config.build?.rolldownOptions ?? {};
          config.build = {
            ...config.build,
            modulePreload: false,
            rolldownOptions: {
              ...rolldownOptions,
              // An island's chunk may export more than its component: a module that only the island
              // and the parts it loads later read (its page's answer checks, its calls) then stays
              // in the island's chunk, which those parts import, instead of being a chunk of its own
              // that the page loads besides (Astro's default, 'exports-only', keeps entry chunks to
              // their own exports). Astro reads only the component's export.
              preserveEntrySignatures: 'allow-extension',
              output: {
                ...rolldownOptions.output,
                codeSplitting: {
                  groups: [
                    // Kept apart from the groups below, which would otherwise take them along
                    // as imports: the texts messages.ts re-exports (only the pages that show one
                    // load them) and the user contract (the password-reset pages read it alone).
                    {
                      name: 'texts',
                      test: /[\\/]src[\\/]contract[\\/](texts|refunds)\.ts$/,
                      priority: 6,
                    },
                    { name: 'user', test: /[\\/]src[\\/]contract[\\/]user\.ts$/, priority: 4 },
                    { name: 'contracts', test: CONTRACTS, priority: 5 },
                    { name: 'session', test: SESSION, priority: 3 },
                    { name: 'react', test: REACT_BASE, priority: 7 },
                    ...ACCOUNT_GROUPS.map(([name, test]) => ({
                      name,
                      test,
                      priority: 2,
                      // Only the modules named: their imports stay where they are (the contracts,
                      // the session, the api), or every page reading one of them would load those
                      // with it. Each is definitions only, so no module runs out of order.
                      includeDependenciesRecursively: false,
                    })),
                  ],
                },
              },
            },
          };
        },
      },
      {
        // With module preload off, Vite's helper around each dynamic import() would only load
        // CSS files the imported chunk needs, and there are none: Astro inlines the CSS of every
        // module an island reaches, lazy ones included, into the page. The helper still cost
        // 0.7 KB of gzip on /login and /signup, so it becomes a plain call. Should a lazy chunk
        // ever need a CSS file, which this stand-in would not load, the build fails instead.
        name: 'sheetwright:no-preload-helper',
        enforce: 'pre',
        applyToEnvironment: (environment) => environment.name === 'client',
        resolveId(id) {
          if (id === PRELOAD_HELPER) return id;
        },
        load(id) {
          if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load();';
        },
        generateBundle: {
          order: 'post',
          handler(_options, bundle) {
            for (const file of Object.values(bundle)) {
              if (file.type === 'chunk' && file.code.includes('__vite__mapDeps'))
                this.error(`${file.fileName} imports a chunk that needs CSS loaded with it`);
            }
          },
        },
      },
    ],
  },
});
