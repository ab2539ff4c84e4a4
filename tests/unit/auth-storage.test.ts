import { describe, expect, it } from 'vitest';
import type { User } from '../../src/contract/user';
import {
  clearStoredSession,
  hasStoredSession,
  readRememberedEmail,
  readStoredSession,
  rememberEmail,
  STORAGE_KEYS,
  writeStoredSession,
} from '../../src/lib/auth/storage';

/** A Map-backed Storage double. */
function memoryStorage(items: Record<string, string> = {}) {
  const map = new Map(Object.entries(items));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const user: User = {
  userId: 'usr_123',
  customerName: 'Ada Lovelace',
  email: 'ada@example.com',
  plan: 'Trial',
  licenseStatus: 'active',
  activationDate: '2025-07-01T00:00:00.000Z',
  expirationDate: '2025-07-16T00:00:00.000Z',
  licenseKey: 'SW-AAAA-BBBB-CCCC',
  isDeleted: false,
  sessionStartedAt: '2025-07-01T00:00:00.000Z',
  authProvider: 'email',
};

describe('readStoredSession', () => {
  const now = 1_000_000;

  it('restores a stored user and expiry written by writeStoredSession', () => {
    const storage = memoryStorage();
    writeStoredSession(storage, { user, tokenExpiration: now + 5000 });
    expect(readStoredSession(storage, now)).toEqual({ user, tokenExpiration: now + 5000 });
  });

  it('treats an unparsable stored user as signed out and removes the leftovers', () => {
    const storage = memoryStorage({
      user: '{not json',
      tokenExpiration: String(now + 5000),
      rememberedEmail: 'a@b.c',
    });
    expect(readStoredSession(storage, now)).toBeNull();
    expect(storage.map.has(STORAGE_KEYS.user)).toBe(false);
    expect(storage.map.has(STORAGE_KEYS.tokenExpiration)).toBe(false);
    expect(storage.map.get(STORAGE_KEYS.rememberedEmail)).toBe('a@b.c');
  });

  it('treats a user that does not match the contract as signed out', () => {
    const storage = memoryStorage({
      user: JSON.stringify({ name: 'x' }),
      tokenExpiration: String(now + 5000),
    });
    expect(readStoredSession(storage, now)).toBeNull();
  });

  it('treats an expired session as signed out', () => {
    const storage = memoryStorage({ user: JSON.stringify(user), tokenExpiration: String(now) });
    expect(readStoredSession(storage, now)).toBeNull();
    expect(storage.map.size).toBe(0);
  });

  it('returns null without touching storage when nothing is stored', () => {
    expect(readStoredSession(memoryStorage(), now)).toBeNull();
  });
});

describe('hasStoredSession', () => {
  it('is false for a stored user that is not a JSON object, matching the head script', () => {
    const exp = String(Date.now() + 60_000);
    expect(hasStoredSession(memoryStorage({ user: 'garbage', tokenExpiration: exp }))).toBe(false);
    expect(hasStoredSession(memoryStorage({ user: '[]', tokenExpiration: exp }))).toBe(false);
    expect(hasStoredSession(memoryStorage({ user: 'null', tokenExpiration: exp }))).toBe(false);
    expect(
      hasStoredSession(memoryStorage({ user: JSON.stringify(user), tokenExpiration: exp })),
    ).toBe(true);
  });
});

describe('remembered e-mail', () => {
  it('is saved when Remember my email is ticked and forgotten when it is not', () => {
    const storage = memoryStorage();
    rememberEmail(storage, 'ada@example.com', true);
    expect(readRememberedEmail(storage)).toBe('ada@example.com');
    rememberEmail(storage, 'ada@example.com', false);
    expect(readRememberedEmail(storage)).toBe('');
  });

  it('survives logout, which clears only the session', () => {
    const storage = memoryStorage();
    rememberEmail(storage, 'ada@example.com', true);
    writeStoredSession(storage, { user, tokenExpiration: 5 });
    clearStoredSession(storage);
    expect(readRememberedEmail(storage)).toBe('ada@example.com');
    expect(storage.map.has(STORAGE_KEYS.user)).toBe(false);
  });
});
