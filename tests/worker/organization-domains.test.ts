// An organization's e-mail domains: the owner adds one, publishes its TXT record on the /dev/dns
// stand-in and verifies it with Check now; the daily re-check lapses it once the record is gone
// (one e-mail to the owner); a second organization cannot verify a domain another holds; only
// the owner acts; bad input is refused with its sentence and changes nothing; removal; and the
// look-up single sign-on starts from (verifiedOrganizationForEmail).
import { describe, expect, it } from 'vitest';
import { createLocalDnsResolver } from '../../functions/adapters/dns-local';
import {
  domainAlreadyAdded,
  domainNoDot,
  domainNotFound,
  domainNotHostName,
  domainPublicMail,
  domainRecordMissing,
  domainTaken,
  domainVerified,
  domainWithAt,
  domainWithScheme,
  type DomainAdded,
  type DomainCheck,
  type OrganizationDomains,
} from '../../src/contract/domains';
import type { TeamActivityResponse } from '../../src/contract/team';
import { verifiedOrganizationForEmail } from '../../functions/services/core/organizations/verified-domains';
import { accountApp, queryAll, signUpTrial, type AccountApp } from './account-helpers';
import type { SignedInAccount } from './account-helpers';
import { adminGet, operator, type OperatorAccount } from './admin-helpers';
import { DAY_MS, quietCronLogs, recordingMailer, runJobsAt, testDb } from './cron-helpers';
import { ORIGIN } from './helpers';
import { invite, organization, ownerPost, signUpByLink } from './organizations-helpers';
import type { AuthResponse } from '../../src/contract/user';
import { credentials, uniqueEmail } from './account-helpers';

/** Development, so the DNS look-ups go to the /dev/dns stand-in, as with `npm start`. */
const devApp = () => accountApp({ env: { ENVIRONMENT: 'development' } });

/** A domain no other test uses. */
const freshDomain = () => `halden-${crypto.randomUUID().slice(0, 8)}.example`;

async function addDomain(app: AccountApp, owner: SignedInAccount, domain: string) {
  const response = await ownerPost(app, owner, '/api/team/domains', { domain });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<DomainAdded>()).domain;
}

async function check(app: AccountApp, owner: SignedInAccount, id: string) {
  return ownerPost(app, owner, `/api/team/domains/${id}/check`);
}

async function domainsOf(app: AccountApp, owner: SignedInAccount) {
  const response = await app.request('/api/team/domains', { headers: owner.browser });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<OrganizationDomains>()).domains;
}

/** Publishes a TXT record on /dev/dns, as a developer does with the page's form. */
async function publish(app: AccountApp, name: string, value: string) {
  const response = await app.request('/dev/dns', {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, value }).toString(),
  });
  expect(response.status).toBe(303);
}

async function unpublish(app: AccountApp, name: string) {
  const rows = await queryAll<{ id: string }>(
    'SELECT id FROM dev_dns_records WHERE name = ?',
    name,
  );
  for (const { id } of rows) {
    const response = await app.request('/dev/dns/remove', {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }).toString(),
    });
    expect(response.status).toBe(303);
  }
}

async function feedKinds(app: AccountApp, owner: SignedInAccount) {
  const response = await app.request('/api/team/activity', { headers: owner.browser });
  expect(response.status).toBe(200);
  const { activity } = await response.json<TeamActivityResponse>();
  return activity.map((row) => `${row.kind} ${row.detail}`);
}

async function verified(app: AccountApp, admin: OperatorAccount) {
  const org = await organization(app, admin);
  const domain = freshDomain();
  const added = await addDomain(app, org.owner, domain);
  await publish(app, domain, added.record);
  const response = await check(app, org.owner, added.id);
  expect(response.status, await response.clone().text()).toBe(200);
  expect((await response.json<DomainCheck>()).outcome).toBe('verified');
  return { ...org, domain, added };
}

describe("An organization's domains", () => {
  quietCronLogs();

  it('are added pending with a TXT record to publish, and verified by Check now once it is there', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin);
    const domain = freshDomain();

    const added = await addDomain(app, owner, `  ${domain.toUpperCase()}. `);
    expect(added).toMatchObject({ domain, status: 'pending', verifiedAt: null, checkedAt: null });
    expect(added.record).toMatch(/^sheetwright-verification=[0-9a-f]{32}$/);

    // Not published yet: not found, the look-up time recorded.
    app.clock.advance(60);
    const early = await check(app, owner, added.id);
    expect(early.status).toBe(200);
    const notYet = await early.json<DomainCheck>();
    expect(notYet).toMatchObject({ outcome: 'not-found', message: domainRecordMissing });
    expect(notYet.domain.status).toBe('pending');
    expect(notYet.domain.checkedAt).toBe(new Date(app.clock.now).toISOString());

    // Another record at the name does not count; the exact one does.
    await publish(app, domain, 'v=spf1 -all');
    await publish(app, domain, `${added.record}0`);
    expect((await (await check(app, owner, added.id)).json<DomainCheck>()).outcome).toBe(
      'not-found',
    );
    await publish(app, domain, added.record);
    app.clock.advance(60);
    const found = await (await check(app, owner, added.id)).json<DomainCheck>();
    expect(found).toMatchObject({ outcome: 'verified', message: domainVerified });
    expect(found.domain.status).toBe('verified');
    expect(found.domain.verifiedAt).toBe(new Date(app.clock.now).toISOString());

    expect(await domainsOf(app, owner)).toEqual([found.domain]);
    const feed = await feedKinds(app, owner);
    expect(feed).toContain(`domain-added ${domain}`);
    expect(feed).toContain(`domain-verified ${domain}`);
    // Checking a verified domain again writes no second event.
    await check(app, owner, added.id);
    expect(
      (await feedKinds(app, owner)).filter((k) => k.startsWith('domain-verified')),
    ).toHaveLength(1);
  });

  it('lapse on the daily re-check once the record is gone, with one e-mail to the owner, and can be verified again', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { owner, domain, added } = await verified(app, admin);
    const dns = createLocalDnsResolver(testDb());
    const verifiedAt = app.clock.now;

    // Within a day of its last look-up the job leaves the domain alone, even with the record gone.
    await unpublish(app, domain);
    const mailer = recordingMailer();
    await runJobsAt(verifiedAt + DAY_MS - 60_000, mailer, { dns });
    expect((await domainsOf(app, owner))[0]?.status).toBe('verified');

    // A day on: looked up again, the record is gone, the domain lapses.
    const lapseAt = verifiedAt + DAY_MS;
    const reports = await runJobsAt(lapseAt, mailer, { dns });
    expect(reports.find((r) => r.name === 'recheck-domains')).toMatchObject({
      ok: true,
      counts: { lapsed: 1, mailed: 1 },
    });
    const [lapsed] = await domainsOf(app, owner);
    expect(lapsed).toMatchObject({
      status: 'lapsed',
      lapsedAt: new Date(lapseAt).toISOString(),
      verifiedAt: new Date(verifiedAt).toISOString(),
    });
    const mails = mailer.sent.filter((m) => m.tag === 'domain-lapsed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(owner.form.email);
    expect(mails[0]?.subject).toContain(domain);
    expect(mails[0]?.text).toContain(added.record);
    expect(await feedKinds(app, owner)).toContain(`domain-lapsed ${domain}`);

    // Later runs find nothing verified to look up, and mail nothing more.
    await runJobsAt(lapseAt + DAY_MS, mailer, { dns });
    expect(mailer.sent.filter((m) => m.tag === 'domain-lapsed')).toHaveLength(1);

    // Published again and checked: verified again.
    app.clock.now = lapseAt + DAY_MS + 1000;
    await publish(app, domain, added.record);
    const again = await (await check(app, owner, added.id)).json<DomainCheck>();
    expect(again.domain).toMatchObject({ status: 'verified', lapsedAt: null });
  });

  it('lapse at once when Check now no longer finds the record of a verified domain', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { owner, domain, added } = await verified(app, admin);
    await unpublish(app, domain);
    const answer = await (await check(app, owner, added.id)).json<DomainCheck>();
    expect(answer.outcome).toBe('lapsed');
    expect(answer.domain.status).toBe('lapsed');
  });

  it('belong to one organization: a second cannot verify a domain another has verified', async () => {
    const app = devApp();
    const admin = await operator(app);
    const first = await verified(app, admin);
    const second = await organization(app, admin);

    // The second organization may list it, and even publish its own record beside the first's.
    const theirs = await addDomain(app, second.owner, first.domain);
    await publish(app, first.domain, theirs.record);
    const refused = await check(app, second.owner, theirs.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: 'DOMAIN_TAKEN', message: domainTaken });
    expect((await domainsOf(app, second.owner))[0]?.status).toBe('pending');

    // The database holds it too: no second verified row, whatever the service does.
    await expect(
      testDb()
        .$client.prepare("UPDATE organization_domains SET status = 'verified' WHERE id = ?")
        .bind(theirs.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);

    // Once the first removes it, the second verifies it.
    const removed = await app.request(`/api/team/domains/${first.added.id}`, {
      method: 'DELETE',
      headers: first.owner.browser,
    });
    expect(removed.status).toBe(200);
    expect((await (await check(app, second.owner, theirs.id)).json<DomainCheck>()).outcome).toBe(
      'verified',
    );
  });

  it('are for the owner only: members and other accounts are refused', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin);
    const added = await addDomain(app, owner, freshDomain());
    const joined = await signUpByLink(app, await invite(app, owner, uniqueEmail()));
    expect(joined.status).toBe(200);
    const member = credentials((await joined.json<AuthResponse>()).token);
    const memberList = await app.request('/api/team/domains', { headers: member.browser });
    expect(memberList.status).toBe(403);
    const memberAdd = await app.request('/api/team/domains', {
      method: 'POST',
      json: { domain: freshDomain() },
      headers: member.browser,
    });
    expect(memberAdd.status).toBe(403);
    const stranger = await signUpTrial(app);

    const list = await app.request('/api/team/domains', { headers: stranger.browser });
    expect(list.status).toBe(403);
    const add = await ownerPost(app, stranger, '/api/team/domains', { domain: freshDomain() });
    expect(add.status).toBe(403);
    const theirCheck = await check(app, stranger, added.id);
    expect(theirCheck.status).toBe(403);
    const remove = await app.request(`/api/team/domains/${added.id}`, {
      method: 'DELETE',
      headers: stranger.browser,
    });
    expect(remove.status).toBe(403);
    // Another owner does not reach this organization's domain either.
    const other = await organization(app, admin);
    const elsewhere = await check(app, other.owner, added.id);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json<{ message: string }>()).message).toBe(domainNotFound);
    expect(await domainsOf(app, owner)).toHaveLength(1);
  });

  it('refuse what is not a domain of their own, with a sentence, and change nothing', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { owner } = await organization(app, admin);
    const cases: [unknown, string][] = [
      ['https://example.com/about', domainWithScheme],
      ['ana@example.com', domainWithAt],
      ['localhost', domainNoDot],
      ['under_score.com', domainNotHostName],
      ['-halden.com', domainNotHostName],
      ['192.168.0.1', domainNotHostName],
      ['gmail.com', domainPublicMail],
      ['Outlook.com', domainPublicMail],
      ['mail.yahoo.com', domainPublicMail],
      ['mailinator.com', domainPublicMail],
    ];
    for (const [domain, message] of cases) {
      const response = await ownerPost(app, owner, '/api/team/domains', { domain });
      expect(response.status, String(domain)).toBe(400);
      expect((await response.json<{ message: string }>()).message, String(domain)).toBe(message);
    }
    for (const body of [{}, { domain: 42 }, { domain: 'x'.repeat(2000) }]) {
      const response = await ownerPost(app, owner, '/api/team/domains', body);
      expect(response.status).toBe(400);
    }
    expect(await domainsOf(app, owner)).toEqual([]);

    const domain = freshDomain();
    await addDomain(app, owner, domain);
    const twice = await ownerPost(app, owner, '/api/team/domains', {
      domain: domain.toUpperCase(),
    });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({
      code: 'DOMAIN_ALREADY_ADDED',
      message: domainAlreadyAdded,
    });
    expect(await domainsOf(app, owner)).toHaveLength(1);
  });

  it('are removed by the owner, and the feed keeps that they were there', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { owner, domain, added } = await verified(app, admin);
    const path = `/api/team/domains/${added.id}`;
    const removed = await app.request(path, { method: 'DELETE', headers: owner.browser });
    expect(removed.status).toBe(200);
    expect(await domainsOf(app, owner)).toEqual([]);
    expect(await feedKinds(app, owner)).toContain(`domain-removed ${domain}`);
    const again = await app.request(path, { method: 'DELETE', headers: owner.browser });
    expect(again.status).toBe(404);
  });

  it('are published on /dev/dns only with a host name and a value', async () => {
    const app = devApp();
    const post = (fields: Record<string, string>) =>
      app.request('/dev/dns', {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    const spaced = await post({ name: 'halden example', value: 'x' });
    expect(spaced.status).toBe(400);
    expect(await spaced.text()).toContain('Enter a host name without spaces');
    const empty = await post({ name: 'halden-empty.example', value: '  ' });
    expect(empty.status).toBe(400);
    const rows = await queryAll(
      'SELECT id FROM dev_dns_records WHERE name IN (?, ?)',
      'halden example',
      'halden-empty.example',
    );
    expect(rows).toEqual([]);
    const page = await app.request('/dev/dns');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Publish TXT record');
  });

  it("show read only on the console's organization page", async () => {
    const app = devApp();
    const admin = await operator(app);
    const { id, added } = await verified(app, admin);
    const response = await adminGet(app, admin, `/api/admin/organizations/${id}/domains`);
    expect(response.status).toBe(200);
    const { domains } = await response.json<OrganizationDomains>();
    expect(domains.map((d) => [d.id, d.status])).toEqual([[added.id, 'verified']]);
    const unknown = await adminGet(app, admin, '/api/admin/organizations/nope/domains');
    expect(unknown.status).toBe(404);
  });

  it('name the organization of an address whose domain is verified (verifiedOrganizationForEmail)', async () => {
    const app = devApp();
    const admin = await operator(app);
    const { id, domain } = await verified(app, admin);
    const pending = await organization(app, admin);
    const pendingDomain = freshDomain();
    await addDomain(app, pending.owner, pendingDomain);
    const db = testDb();

    expect((await verifiedOrganizationForEmail(db, `Ana.Lima@${domain.toUpperCase()}`))?.id).toBe(
      id,
    );
    expect(await verifiedOrganizationForEmail(db, `ana@${pendingDomain}`)).toBeNull();
    expect(await verifiedOrganizationForEmail(db, `ana@sub.${domain}`)).toBeNull();
    expect(await verifiedOrganizationForEmail(db, 'not-an-address')).toBeNull();
  });
});
