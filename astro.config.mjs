// Static site: every page is prebuilt HTML served by the Worker's assets binding.
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { site } from './src/site.config.ts';

export default defineConfig({
  site: site.url,
  output: 'static',
  integrations: [mdx(), react()],
  // `/pricing` is served from `pricing.html`: clean URLs without a redirect to a trailing slash.
  build: { format: 'file', inlineStylesheets: 'always' },
  trailingSlash: 'never',
  // Never inline assets as data: URLs; the CSP allows scripts only from 'self' plus hashed inline bootstraps.
  vite: {
    build: {
      assetsInlineLimit: 0,
      // Texts and limits are one export each (src/contract/texts.ts): inlined where read, a
      // page's islands carry only the texts they show instead of a shared chunk of all of them.
      rolldownOptions: { optimization: { inlineConst: { mode: 'all', pass: 2 } } },
    },
    plugins: [
      {
        // Islands import a few small chunks on first use (login-calls.ts and the like); Vite's
        // preload helper for those would weigh more than the chunks' own imports it saves.
        // Astro sets the client build's options itself, so this is set as its last step.
        name: 'sheetwright:no-module-preload',
        configEnvironment(name, config) {
          if (name === 'client') config.build = { ...config.build, modulePreload: false };
        },
      },
    ],
  },
});
