/**
 * The plugin's calls are answered by a smaller app when a Worker starts for them
 * (functions/app-for-path.ts). It must answer exactly as the whole app would: the same routes on
 * every path it takes, the same 405s, the same not-found answers.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { PLUGIN_APP_PATHS, servedByPluginApp } from '../../functions/app-for-path';
import { allowedMethods } from '../../functions/lib/http';
import { createPluginApp } from '../../functions/plugin-app';
import { callWorker } from './helpers';

/** Methods a handler answers; middleware (`use`, `all`) is not a route of its own. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A path that a route pattern takes: each parameter or wildcard filled in. */
const samplePath = (pattern: string) =>
  pattern.replace(/:\w+(\{[^}]*\})?/g, 'sample').replace(/\*/g, 'sample');

const routesOf = (app: { routes: readonly { method: string; path: string }[] }) =>
  new Set(
    app.routes.filter(({ method }) => METHODS.has(method)).map((r) => `${r.method} ${r.path}`),
  );

describe('the app a path loads', () => {
  const whole = createApp();
  const plugin = createPluginApp();

  it("has every route of the whole app on the plugin app's paths", () => {
    const wholeRoutes = [...routesOf(whole)].filter((route) =>
      servedByPluginApp(samplePath(route.split(' ')[1] as string)),
    );
    const pluginRoutes = routesOf(plugin);

    // The plugin's calls are all there: licenses, update check, usage report, its license list.
    expect(wholeRoutes.length).toBeGreaterThanOrEqual(9);
    expect(wholeRoutes.filter((route) => !pluginRoutes.has(route))).toEqual([]);
  });

  it('has no route the plugin app holds but never gets a request for', () => {
    const unreachable = [...routesOf(plugin)].filter(
      (route) => !servedByPluginApp(samplePath(route.split(' ')[1] as string)),
    );

    expect(unreachable).toEqual([]);
  });

  it('allows the same methods on every path of the plugin app as the whole app', () => {
    const paths = [
      ...[...routesOf(plugin)].map((route) => samplePath(route.split(' ')[1] as string)),
      ...PLUGIN_APP_PATHS.map((path) => (path.endsWith('/') ? `${path}no-such-call` : path)),
    ];
    for (const path of paths) {
      expect(allowedMethods(plugin.routes, path), path).toEqual(allowedMethods(whole.routes, path));
    }
  });

  it('sends only the spelled-out plugin paths to the plugin app', () => {
    expect(servedByPluginApp('/api/licenses/validate')).toBe(true);
    expect(servedByPluginApp('/api/health')).toBe(true);
    expect(servedByPluginApp('/api/plugin/licenses')).toBe(true);
    // Near misses and other spellings go to the whole app.
    expect(servedByPluginApp('/api/licenses')).toBe(false);
    expect(servedByPluginApp('/api/health-check')).toBe(false);
    expect(servedByPluginApp('/api/usage/report/extra')).toBe(false);
    expect(servedByPluginApp('/api/licenses%2Fvalidate')).toBe(false);
    expect(servedByPluginApp('/api/licenses/valid%61te')).toBe(false);
    expect(servedByPluginApp('/api/releases/download/1.0.0')).toBe(false);
    expect(servedByPluginApp('/admin')).toBe(false);
  });
});

describe("the Worker's entry", () => {
  it("answers a plugin call through the plugin app as the whole app's would", async () => {
    const bad = await callWorker('/api/licenses/validate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ licenseKey: 'not a key' }),
    });
    const wrongMethod = await callWorker('/api/licenses/validate');
    const unknown = await callWorker('/api/licenses/no-such-call', { method: 'POST' });

    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(bad.headers.get('Content-Security-Policy')).not.toBeNull();
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('Allow')).toBe('POST');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("answers the site's calls and pages through the whole app", async () => {
    const config = await callWorker('/api/config');
    const page = await callWorker('/admin');

    expect(config.status).toBe(200);
    expect(page.status).toBe(404);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
  });
});
