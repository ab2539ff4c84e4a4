/**
 * Which app answers a path, loaded the first time it is needed. A Worker's cold start evaluates
 * this module and Hono's router alone; the app with its route declarations, schemas and services
 * is imported by the first request that needs it. The plugin's calls, which every installed
 * plugin makes from every continent and which often land on a Worker that just started, get a
 * smaller app (plugin-app.ts) than the rest of the site (app.ts); the whole app answers the plugin's
 * paths the same (tests/worker/app-for-path.test.ts).
 */
import type { Hono } from 'hono';
import type { AppEnv } from './env';

/** Paths of the plugin's app: exact, or every path under one that ends with '/'. */
export const PLUGIN_APP_PATHS = [
  '/api/health',
  '/api/licenses/',
  '/api/releases/check',
  '/api/usage/report',
  '/api/plugin/',
] as const;

/**
 * True when the plugin's app answers `rawPath` (as the request spells it). A path with a %-escape
 * goes to the whole app, which alone knows every spelling of the console's paths.
 */
export function servedByPluginApp(rawPath: string): boolean {
  if (rawPath.includes('%')) return false;
  return PLUGIN_APP_PATHS.some((path) =>
    path.endsWith('/') ? rawPath.startsWith(path) : rawPath === path,
  );
}

type App = Hono<AppEnv>;

/** How each app is imported and built. */
const LOADERS = {
  plugin: async () => (await import('./plugin-app')).createPluginApp(),
  whole: async () => (await import('./app')).createApp(),
} satisfies Record<string, () => Promise<App>>;

/** The apps this Worker has built (or is building); a failed import is tried again next time. */
const apps = new Map<keyof typeof LOADERS, Promise<App>>();

/** The app that answers `rawPath`, imported and built on first use. */
export function appFor(rawPath: string): Promise<App> {
  const name = servedByPluginApp(rawPath) ? 'plugin' : 'whole';
  let app = apps.get(name);
  if (!app) {
    app = LOADERS[name]();
    apps.set(name, app);
    app.catch(() => apps.delete(name));
  }
  return app;
}
