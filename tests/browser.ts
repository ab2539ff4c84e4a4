/**
 * What the end-to-end tests and the benchmark share about the browser and the pages they visit.
 * Plain TypeScript without imports, so `scripts/bench.mjs` can load it directly (Node 22 strips
 * the types).
 */

/** Debian's Chromium; never a downloaded browser. */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags for headless Chromium on a machine without outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Every public route a signed-out visitor can open (the accessibility sweep and the bench). */
export const publicRoutes = [
  '/',
  '/overview',
  '/pricing',
  '/guide',
  '/about',
  '/features',
  '/installation',
  '/changelog',
  '/faq',
  '/privacy',
  '/terms',
  '/refund-policy',
  '/search?q=license',
  '/developers/api',
] as const;
