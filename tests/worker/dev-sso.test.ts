// POST /dev/sso (development only): connects the organization of an owner to the local OpenID
// provider with its domain verified — taken from an organization that held it — so single
// sign-on can be tried locally; refuses what it cannot act on; and is the 404 page elsewhere.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { openClientSecret } from '../../functions/services/core/organizations/sso-connections';
import { accountApp, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import { ORIGIN, testDeps } from './helpers';

const devApp = () => accountApp({ env: { ENVIRONMENT: 'development' } });

async function organizationOf(app: AccountApp) {
  const owner = await signUpTrial(app);
  const id = crypto.randomUUID();
  const now = app.clock.now;
  await env.DB.prepare(
    `INSERT INTO organizations (id, name, owner_user_id, seats, device_limit, term_start, term_end, support_tier, created_at, updated_at)
     VALUES (?, ?, ?, 3, 3, ?, ?, 'priority', ?, ?)`,
  )
    .bind(
      id,
      `Northwind ${id.slice(0, 4)}`,
      owner.auth.user.userId,
      now,
      now + 86_400_000,
      now,
      now,
    )
    .run();
  return { id, owner };
}

const connect = (app: AccountApp, body: unknown, type = 'application/json') =>
  app.request('/dev/sso', {
    method: 'POST',
    headers: { 'Content-Type': type, Origin: ORIGIN },
    body: JSON.stringify(body),
  });

describe('/dev/sso', () => {
  it("connects an owner's organization to the local provider, taking the domain over", async () => {
    const app = devApp();
    const first = await organizationOf(app);
    const second = await organizationOf(app);
    expect((await connect(app, { ownerEmail: first.owner.form.email })).status).toBe(200);
    const response = await connect(app, { ownerEmail: second.owner.form.email, required: true });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({
      organizationId: second.id,
      domain: 'northwind.test',
      issuer: 'http://localhost:8790',
    });
    const domains = await queryAll<{ organization_id: string; status: string }>(
      "SELECT organization_id, status FROM organization_domains WHERE domain = 'northwind.test' ORDER BY created_at, status",
    );
    expect(domains).toEqual(
      expect.arrayContaining([
        { organization_id: first.id, status: 'lapsed' },
        { organization_id: second.id, status: 'verified' },
      ]),
    );
    const [row] = await queryAll<{
      organization_id: string;
      client_id: string;
      client_secret_sealed: string;
      required: number;
    }>(
      'SELECT organization_id, client_id, client_secret_sealed, required FROM organization_sso WHERE organization_id = ?',
      second.id,
    );
    expect(row).toMatchObject({ client_id: 'sheetwright-local', required: 1 });
    expect(
      await openClientSecret(testDeps(app.clock.now), {
        organizationId: second.id,
        clientSecretSealed: row!.client_secret_sealed,
      }),
    ).toBe('local-idp-secret-not-for-production');
  });

  it('refuses an owner it does not know, a bad body and a form', async () => {
    const app = devApp();
    expect((await connect(app, { ownerEmail: 'nobody@example.com' })).status).toBe(404);
    expect((await connect(app, { domain: 'northwind.test' })).status).toBe(400);
    expect((await connect(app, { ownerEmail: 'x@example.com' }, 'text/plain')).status).toBe(415);
  });

  it('is the 404 page outside development', async () => {
    const app = accountApp();
    const response = await connect(app, { ownerEmail: 'nobody@example.com' });
    expect(response.status).toBe(404);
  });
});
