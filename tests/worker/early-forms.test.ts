/**
 * The island forms a browser posts by itself, before the page's scripts have loaded (or with
 * JavaScript off): /forgot-password, /activate, /signup and /reset-password post to their own
 * page. Through the real Worker and its assets layer (SELF, with run_worker_first of
 * wrangler.toml, like production), each answers its page again, saying nothing was done yet,
 * with the safe fields filled back in: never an empty 405, and never a password in the page.
 */
import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ApiMessages } from '../../src/contract/messages';
import { ORIGIN, ownPageFormPost } from './helpers';

/** The form as a browser on our own page posts it, through the assets layer. */
function postForm(path: string, fields: Record<string, string>, headers = {}) {
  return SELF.fetch(new URL(path, ORIGIN), {
    ...ownPageFormPost(fields, headers),
    redirect: 'manual',
  });
}

/** The text of the page's notice, or null while it is hidden and empty. */
function shownNotice(html: string): string | null {
  const match = html.match(/<p id="early-form-notice"([^>]*)>([^<]*)<\/p>/);
  if (!match) throw new Error('The page has no #early-form-notice element');
  return match[1]?.includes('hidden') ? null : (match[2] ?? '');
}

/** The value attribute of the form's input named `name`. */
function inputValue(html: string, name: string): string | undefined {
  const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
  if (!input) throw new Error(`The page has no input named ${name}`);
  const value = input.match(/ value="([^"]*)"/)?.[1];
  // The island reads the kept value from data-kept-value (hydration resets `value`).
  const kept = input.match(/ data-kept-value="([^"]*)"/)?.[1];
  if (kept !== undefined) expect(kept).toBe(value);
  return value;
}

async function expectPage(response: Response, title: string): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  // The page keeps the assets' own headers, CSP included.
  expect(response.headers.get('Content-Security-Policy')).toContain("'sha256-fixture'");
  const html = await response.text();
  expect(html).toContain(`<title>${title}</title>`);
  return html;
}

describe('island forms posted before their scripts loaded', () => {
  it('/forgot-password answers its page with the address filled in', async () => {
    const response = await postForm('/forgot-password', { email: ' Ada@Example.com ' });
    const html = await expectPage(response, 'Fixture forgot password');
    expect(shownNotice(html)).toBe(ApiMessages.formSentBeforeLoaded);
    expect(inputValue(html, 'email')).toBe('ada@example.com');
    expect(html).toContain('data-kept-value="ada@example.com"');
  });

  it('/activate answers its page with the user code filled in, as the plugin shows it', async () => {
    const response = await postForm('/activate', { user_code: 'bcdf ghjk' });
    const html = await expectPage(response, 'Fixture activate');
    expect(shownNotice(html)).toBe(ApiMessages.formSentBeforeLoaded);
    expect(inputValue(html, 'user_code')).toBe('BCDF-GHJK');
  });

  it('/signup and /reset-password answer their page too, with no password in it', async () => {
    for (const [path, title] of [
      ['/signup?plan=standard', 'Fixture signup'],
      ['/reset-password?token=abc', 'Fixture reset password'],
    ] as const) {
      const response = await postForm(path, { password: 'Truss-Gusset-4821' });
      const html = await expectPage(response, title);
      expect(shownNotice(html), path).toBe(ApiMessages.formSentBeforeLoaded);
      expect(html, path).not.toContain('Truss-Gusset-4821');
    }
  });

  it('shows again only what may be shown: no malformed value, nothing posted from another site', async () => {
    const malformed = await postForm('/activate', { user_code: '"><script>x</script>' });
    const malformedHtml = await expectPage(malformed, 'Fixture activate');
    expect(inputValue(malformedHtml, 'user_code')).toBe('');
    expect(malformedHtml).not.toContain('<script>x');

    const crossSite = await postForm(
      '/forgot-password',
      { email: 'victim@example.com' },
      { Origin: 'https://evil.test', 'Sec-Fetch-Site': 'cross-site' },
    );
    const crossSiteHtml = await expectPage(crossSite, 'Fixture forgot password');
    expect(shownNotice(crossSiteHtml)).toBeNull();
    expect(crossSiteHtml).not.toContain('victim@example.com');
  });

  it('GET of these pages is still the static page, unchanged', async () => {
    for (const path of ['/forgot-password', '/activate', '/signup', '/reset-password']) {
      const response = await SELF.fetch(new URL(path, ORIGIN), { redirect: 'manual' });
      expect(response.status, path).toBe(200);
      expect(shownNotice(await response.text()), path).toBeNull();
    }
  });
});
