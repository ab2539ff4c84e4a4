import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import {
  headersFile,
  inlineScriptHashes,
  searchFragments,
  unsearchable,
} from '../../scripts/postbuild.mjs';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script', () => {
    const html =
      '<p>x</p><script>console.log(1)</script><script type="module">import "./a.js";</script>';

    expect(inlineScriptHashes(html)).toEqual(
      [sha256('console.log(1)'), sha256('import "./a.js";')].sort(),
    );
  });

  it('matches the known CSP hash of a sample script', () => {
    // Value computed independently: printf 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes('<script>alert(1)</script>')).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
    ]);
  });

  it('skips external scripts and non-executable data blocks', () => {
    const html =
      '<script src="/_astro/a.js"></script><script type="application/ld+json">{"a":1}</script>';

    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('lists a script repeated on the page once', () => {
    expect(inlineScriptHashes('<script>a()</script><script>a()</script>')).toEqual([sha256('a()')]);
  });

  it('hashes CRLF line endings as the browser sees them, as LF', () => {
    expect(inlineScriptHashes('<script>a()\r\nb()</script>')).toEqual([sha256('a()\nb()')]);
  });

  it('finds scripts whatever the case of the tag and with other attributes', () => {
    expect(inlineScriptHashes('<SCRIPT data-astro-rerun>a()</SCRIPT >')).toEqual([sha256('a()')]);
  });
});

describe('headersFile', () => {
  it('puts the hashes in script-src of the site-wide CSP', () => {
    const file = headersFile(["'sha256-abc='"]);

    expect(file).toMatch(/^\/\*$/m);
    expect(file).toMatch(/^ {2}Content-Security-Policy: .*script-src 'self' 'sha256-abc='/m);
    expect(file).toContain("frame-ancestors 'none'");
  });

  it('gives hashed build output a year of immutable caching', () => {
    expect(headersFile([])).toMatch(
      /^\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m,
    );
  });

  it('refuses to write a line Cloudflare would ignore', () => {
    const hashes = Array.from({ length: 50 }, (_, i) => `'sha256-${String(i).padStart(43, 'x')}='`);

    expect(() => headersFile(hashes)).toThrow(/limit 2000/);
  });
});

describe('the search index', () => {
  const fragment = (url: string, extra: Record<string, unknown> = {}) =>
    gzipSync(Buffer.from(`pagefind_dcd${JSON.stringify({ url, content: 'x', ...extra })}`));

  it("keeps each Pagefind fragment's URL, title, text and heading anchors, and nothing else", () => {
    const pricing = fragment('/pricing.html', {
      content: 'Pricing. Plans. Standard',
      word_count: 3,
      filters: {},
      meta: { title: 'Pricing', image: '/x.png' },
      anchors: [{ element: 'h2', id: 'plans', text: 'Plans', location: 1, extra: true }],
    });
    expect(searchFragments([pricing, fragment('/admin/customer.html')])).toEqual([
      {
        url: '/pricing.html',
        content: 'Pricing. Plans. Standard',
        meta: { title: 'Pricing' },
        anchors: [{ element: 'h2', id: 'plans', text: 'Plans', location: 1 }],
      },
      { url: '/admin/customer.html', content: 'x', meta: {}, anchors: [] },
    ]);
  });

  it('finds the console pages and nothing else', () => {
    expect(
      unsearchable([
        '/admin.html',
        '/admin',
        '/admin/inbox.html',
        '/administration-guide.html',
        '/guide.html',
      ]),
    ).toEqual(['/admin.html', '/admin', '/admin/inbox.html']);
  });
});
