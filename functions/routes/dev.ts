/**
 * Local stand-ins for outside services (DESIGN §2): mailbox, checkout, Google consent, bot check.
 * They exist only when ENVIRONMENT is `development`; elsewhere every /dev path is the site's
 * ordinary 404, indistinguishable from a URL that never existed.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { site } from '../../src/site.config';
import type { AppEnv } from '../env';

/** Tools listed on /dev/; each later feature adds its page here. */
const devTools: readonly { href: string; label: string; description: string }[] = [];

function indexPage() {
  const items = devTools.map(
    (tool) => html`<li><a href="${tool.href}">${tool.label}</a>: ${tool.description}</li>`,
  );
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Development tools · ${site.product}</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            max-width: 40rem;
            margin: 2rem auto;
            padding: 0 1rem;
          }
        </style>
      </head>
      <body>
        <main>
          <h1>Development tools</h1>
          <p>Local stand-ins for outside services. This page exists only in development.</p>
          ${
            items.length > 0
              ? html`<ul>
                  ${items}
                </ul>`
              : html`<p>No tools yet.</p>`
          }
        </main>
      </body>
    </html>`;
}

export const devRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (c.get('config').ENVIRONMENT !== 'development') return c.notFound();
    return next();
  })
  .get('/', (c) => c.html(indexPage()));
