/**
 * Every route of the Worker outside /dev is declared once (src/contract/api/) and published in
 * the OpenAPI document, read from the app's own route table, so a route added without its
 * declaration fails here. The routes below are not declared yet; the list only ever shrinks.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { apiDocument } from '../../src/contract/api/document';

/** Routes the document does not hold yet, each `METHOD /path` as Hono spells it. */
const notYetDeclared = new Set([
  // routes/login-form.ts: the sign-in forms as the browser posts them, answered with a page or a 303
  'POST /login',
  'POST /login/code',
  // routes/early-forms.ts: island forms posted before their scripts loaded, answered with their page
  'POST /forgot-password',
  'POST /activate',
  'POST /signup',
  'POST /reset-password',
  // the console's pages (middleware/operator.ts), HTML for operators
  'GET /admin',
  'GET /admin/*',
]);

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
          .map(({ method, path }) => `${method} ${path}`),
      ),
    ];
    expect(routes.length).toBeGreaterThan(documented.size / 2);
    expect(routes.filter((route) => !documented.has(route) && !notYetDeclared.has(route))).toEqual(
      [],
    );
    // A route declared since goes off the list.
    expect([...notYetDeclared].filter((route) => documented.has(route))).toEqual([]);
  });
});
