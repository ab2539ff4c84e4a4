/**
 * /dev/dns, the stand-in for a DNS provider's control panel: a developer "publishes" a TXT record
 * for a host name here, and the local DNS look-up (adapters/dns-local.ts) answers it, so an
 * organization's domain can be verified from the team page without owning the domain. The
 * records live in `dev_dns_records`. Form posts only, answered with a redirect back to the page.
 */
import { asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { localDnsName } from '../../adapters/dns-local';
import { devDnsRecords } from '../../db/schema';
import type { AppEnv } from '../../env';
import { devPage } from './page';

/** Longest host name and TXT value the page takes. */
const NAME_MAX = 253;
const VALUE_MAX = 1000;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function recordsPage(
  c: Context<AppEnv>,
  state: { error?: string; name?: string; value?: string; status?: 200 | 400 } = {},
) {
  const rows = await c
    .get('deps')
    .db.select()
    .from(devDnsRecords)
    .orderBy(asc(devDnsRecords.name), asc(devDnsRecords.createdAt));
  return devPage(c, {
    title: 'DNS',
    status: state.status ?? 200,
    body: html`<h1>DNS (local)</h1>
      <p>
        In development the site looks TXT records up here instead of in real DNS. To verify an
        organization's domain, publish the record the team page shows (name: the domain, value:
        <code>sheetwright-verification=…</code>), then choose Check now on the team page.
      </p>
      ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
      <form method="post" action="/dev/dns">
        <label for="dns-name">Name (host name)</label>
        <input id="dns-name" name="name" type="text" value="${state.name ?? ''}" required />
        <label for="dns-value">TXT value</label>
        <input id="dns-value" name="value" type="text" value="${state.value ?? ''}" required />
        <button type="submit" class="primary">Publish TXT record</button>
      </form>
      <h2>Published TXT records</h2>
      ${
        rows.length === 0
          ? html`<p>None yet.</p>`
          : rows.map(
              (row) =>
                html`<article>
                  <dl>
                    <dt>Name</dt>
                    <dd><code>${row.name}</code></dd>
                    <dt>Value</dt>
                    <dd><code>${row.value}</code></dd>
                  </dl>
                  <form method="post" action="/dev/dns/remove">
                    <input type="hidden" name="id" value="${row.id}" />
                    <button type="submit">Remove ${row.name}</button>
                  </form>
                </article>`,
            )
      }
      <p><a href="/dev/">All development tools</a></p>`,
  });
}

export const dnsRoutes = new Hono<AppEnv>()
  .get('/dns', (c) => recordsPage(c))
  .post('/dns', async (c) => {
    const body = await c.req.parseBody();
    const name = localDnsName(text(body['name']));
    const value = text(body['value']).trim();
    const typed = { name: text(body['name']), value: text(body['value']) };
    if (!name || name.length > NAME_MAX || /\s/.test(name)) {
      const error = `Enter a host name without spaces (at most ${NAME_MAX} characters), like example.com.`;
      return recordsPage(c, { ...typed, error, status: 400 });
    }
    if (!value || value.length > VALUE_MAX) {
      const error = `Enter the TXT value (at most ${VALUE_MAX} characters).`;
      return recordsPage(c, { ...typed, error, status: 400 });
    }
    const { db, now } = c.get('deps');
    await db
      .insert(devDnsRecords)
      .values({ id: crypto.randomUUID(), name, value, createdAt: now })
      .onConflictDoNothing();
    return c.redirect('/dev/dns', 303);
  })
  .post('/dns/remove', async (c) => {
    const body = await c.req.parseBody();
    await c
      .get('deps')
      .db.delete(devDnsRecords)
      .where(eq(devDnsRecords.id, text(body['id'])));
    return c.redirect('/dev/dns', 303);
  });
