/**
 * Every route of the Worker outside /dev is declared once (src/contract/api/) and published in
 * the OpenAPI document, read from the app's own route table, so a route added without its
 * declaration fails here.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { apiDocument } from '../../src/contract/api/document';

/** Methods a handler answers; middleware (`use`, `all`) is not a route of its own. */
const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

describe("the app's route table", () => {
  it('publishes every route outside /dev in the OpenAPI document', () => {
    const document = apiDocument();
    const documented = new Set(
      Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item ?? {}).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      ),
    );
    const routes = [
      ...new Set(
        createApp()
          .routes.filter(({ method }) => methods.has(method))
          .filter(({ path }) => path !== '/dev' && !path.startsWith('/dev/'))
          // A parameter's own pattern (`:page{.*}`) is Hono's, not part of the path's name.
          .map(({ method, path }) => `${method} ${path.replace(/(:\w+)\{[^/]*\}/g, '$1')}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(documented.size / 2);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });
});
