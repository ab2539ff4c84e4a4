// The module graph's rules, checked by `npm run check` (depcruise). ESLint keeps the rules about
// what a file may import from packages (Hono, zod); this file keeps the shape of our own code.
// Layers of functions/services/, by folder pattern:
//   shared/   rules and helpers with no domain (db, crypto, rate limits, e-mail addresses)
//   core/     what several features share: users and sessions, licenses and devices,
//             subscriptions and checkouts, the outbox and composing mail, the team feed
//   <feature>/  one folder per feature; imports core/ and shared/, never another feature
//   admin/    the operator console, which acts on every feature; nothing but cron/ imports it
//   cron/     the scheduled jobs, the top; nothing imports it
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Files never import each other in a loop, type-only imports included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'No two folders of services/ import each other (two features, or a feature and core/).',
      from: { path: '^functions/services/[^/]+$' },
      to: { circular: true },
    },
    {
      name: 'shared-is-the-bottom',
      severity: 'error',
      comment: 'services/shared/ imports no other folder of services/.',
      from: { path: '^functions/services/shared/' },
      to: { path: '^functions/services/', pathNot: '^functions/services/shared/' },
    },
    {
      name: 'core-below-features',
      severity: 'error',
      comment: 'services/core/ imports only core/ and shared/: a feature is never below it.',
      from: { path: '^functions/services/core/' },
      to: { path: '^functions/services/', pathNot: '^functions/services/(core|shared)/' },
    },
    {
      name: 'features-are-modules',
      severity: 'error',
      comment:
        'A feature imports core/ and shared/, not another feature: move what two features share into core/, or the flow into one folder named for it.',
      from: {
        path: '^functions/services/([^/]+)/',
        pathNot: '^functions/services/(core|shared|admin|cron)/',
      },
      to: { path: '^functions/services/', pathNot: '^functions/services/($1|core|shared)/' },
    },
    {
      name: 'console-below-cron',
      severity: 'error',
      comment: 'The console (admin/) acts on every feature but never runs a cron job.',
      from: { path: '^functions/services/admin/' },
      to: { path: '^functions/services/cron/' },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment:
        'services/ hold the rules and know nothing of HTTP: no route, middleware or entry file.',
      from: { path: '^functions/services/' },
      to: { path: '^functions/(routes|middleware)/|^functions/(app|index|queue|scheduled)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.astro|\\.wrangler)/' },
    // Type-only imports are dependencies too: a cycle of types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
  },
};
