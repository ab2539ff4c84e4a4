import { describe, expect, it } from 'vitest';
import { hasStoredSession, parseExpiration } from '../../src/lib/auth/storage';
import { routePath } from '../../src/lib/paths';
import { downloadHref, searchUrl } from '../../src/scripts/header';

describe('searchUrl', () => {
  it('returns null for empty or whitespace-only text so the box does not navigate', () => {
    expect(searchUrl('')).toBeNull();
    expect(searchUrl('   \t ')).toBeNull();
  });

  it('trims the text and encodes it into /search?q=', () => {
    expect(searchUrl('  renumber views ')).toBe('/search?q=renumber%20views');
    expect(searchUrl('a&b=c')).toBe('/search?q=a%26b%3Dc');
  });
});

describe('downloadHref', () => {
  it('leads a signed-in visitor to the download block of the dashboard', () => {
    expect(downloadHref(true)).toBe('/dashboard#download');
  });

  it('leads a signed-out visitor to the plans', () => {
    expect(downloadHref(false)).toBe('/pricing');
  });
});

describe('hasStoredSession', () => {
  const storage = (items: Record<string, string>) => ({ getItem: (k: string) => items[k] ?? null });

  it('is true only with a user and an expiry in the future', () => {
    const now = 1_000_000;
    expect(hasStoredSession(storage({ user: '{}', tokenExpiration: String(now + 1) }), now)).toBe(
      true,
    );
    expect(hasStoredSession(storage({ user: '{}', tokenExpiration: String(now) }), now)).toBe(
      false,
    );
    expect(hasStoredSession(storage({ tokenExpiration: String(now + 1) }), now)).toBe(false);
    expect(hasStoredSession(storage({ user: '{}' }), now)).toBe(false);
  });

  it('reads epoch milliseconds and ISO dates, and rejects garbage', () => {
    expect(parseExpiration('1700000000000')).toBe(1_700_000_000_000);
    expect(parseExpiration('2030-01-01T00:00:00Z')).toBe(Date.parse('2030-01-01T00:00:00Z'));
    expect(parseExpiration('soon')).toBeNull();
    expect(parseExpiration(null)).toBeNull();
  });
});

describe('routePath', () => {
  it('normalizes built file paths to route paths', () => {
    expect(routePath('/')).toBe('/');
    expect(routePath('/index.html')).toBe('/');
    expect(routePath('/pricing.html')).toBe('/pricing');
    expect(routePath('/pricing/')).toBe('/pricing');
    expect(routePath('/dashboard/settings')).toBe('/dashboard/settings');
  });
});
