// The DNS over HTTPS adapter reads the resolver's JSON answers (quoted, split TXT strings,
// NXDOMAIN as no records) and takes every failure (HTTP error, resolver failure, garbled answer,
// timeout, network) as "could not check"; Check now then answers 200 with that and changes nothing.
import { describe, expect, it, vi } from 'vitest';
import { createDohResolver, DOH_URL } from '../../functions/adapters/dns';
import type { DnsTxtResolver } from '../../functions/adapters/types';
import { findOrganization } from '../../functions/services/organizations/organizations';
import { checkDomain } from '../../functions/services/organizations/domain-check';
import { addDomain } from '../../functions/services/organizations/domains';
import { domainCheckUnavailable } from '../../src/contract/domains';
import { accountApp } from './account-helpers';
import { operator } from './admin-helpers';
import { testDb } from './cron-helpers';
import { organization } from './organizations-helpers';

/** A resolver whose fetch answers `body` with `status` (a string as it is, else JSON). */
function resolverAnswering(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const resolver = createDohResolver({
    fetch: async (input, init) => {
      calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    },
  });
  return { resolver, calls };
}

describe('DNS over HTTPS', () => {
  it('asks for the TXT records of the name in the JSON form', async () => {
    const { resolver, calls } = resolverAnswering({ Status: 0, Answer: [] });
    await resolver.txt('halden.example');
    expect(calls[0]?.url).toBe(`${DOH_URL}?name=halden.example&type=TXT`);
    expect(new Headers(calls[0]?.init?.headers).get('accept')).toBe('application/dns-json');
  });

  it('reads TXT values, joining split strings and leaving other record types out', async () => {
    const { resolver } = resolverAnswering({
      Status: 0,
      Answer: [
        { name: 'halden.example', type: 16, TTL: 300, data: '"sheetwright-verification=abc"' },
        { name: 'halden.example', type: 16, TTL: 300, data: '"v=spf1 " "include:x.example -all"' },
        { name: 'halden.example', type: 5, TTL: 300, data: 'other.example.' },
        { name: 'halden.example', type: 16, TTL: 300, data: 'unquoted' },
      ],
    });
    expect(await resolver.txt('halden.example')).toEqual({
      kind: 'answered',
      records: ['sheetwright-verification=abc', 'v=spf1 include:x.example -all', 'unquoted'],
    });
  });

  it('answers no records for a name that does not exist or has none', async () => {
    expect(await resolverAnswering({ Status: 3 }).resolver.txt('nowhere.example')).toEqual({
      kind: 'answered',
      records: [],
    });
    expect(await resolverAnswering({ Status: 0 }).resolver.txt('empty.example')).toEqual({
      kind: 'answered',
      records: [],
    });
  });

  it('takes every failure as unavailable, never as an error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unavailable = { kind: 'unavailable' };
    expect(await resolverAnswering({ Status: 2 }).resolver.txt('a.example')).toEqual(unavailable);
    expect(await resolverAnswering('<html>', 200).resolver.txt('a.example')).toEqual(unavailable);
    expect(await resolverAnswering({ Status: 0 }, 503).resolver.txt('a.example')).toEqual(
      unavailable,
    );
    expect(await resolverAnswering({ Status: 0, Answer: 'x' }).resolver.txt('a.example')).toEqual(
      unavailable,
    );
    expect(await resolverAnswering(null).resolver.txt('a.example')).toEqual(unavailable);
    const down = createDohResolver({
      fetch: () => Promise.reject(new TypeError('network down')),
    });
    expect(await down.txt('a.example')).toEqual(unavailable);
    const slow = createDohResolver({
      timeoutMs: 10,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });
    expect(await slow.txt('a.example')).toEqual(unavailable);
    vi.restoreAllMocks();
  });

  it('lets Check now say it could not check, changing nothing', async () => {
    const app = accountApp();
    const { id, owner } = await organization(app, await operator(app));
    const db = testDb();
    const org = await findOrganization(db, id);
    if (!org) throw new Error('no organization');
    const actor = { userId: owner.auth.user.userId, name: 'Owner' };
    const added = await addDomain({ db, now: app.clock.now }, org, actor, 'halden-dns.example');
    const dns: DnsTxtResolver = { kind: 'doh', txt: async () => ({ kind: 'unavailable' }) };
    const answer = await checkDomain({ db, now: app.clock.now + 1000, dns }, org, actor, added.id);
    expect(answer).toEqual({
      outcome: 'unavailable',
      message: domainCheckUnavailable,
      domain: added,
    });
  });
});
