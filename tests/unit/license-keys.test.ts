import { describe, expect, it } from 'vitest';
import {
  generateLicenseKey,
  isValidLicenseKey,
  LICENSE_KEY_ALPHABET,
  normalizeLicenseKey,
} from '../../functions/services/core/licenses/license-keys';

describe('generateLicenseKey', () => {
  it('makes keys like SW-XXXXX-XXXXX-XXXXX-XXXXX from the unambiguous alphabet', () => {
    const key = generateLicenseKey();

    expect(key).toMatch(/^SW(-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{5}){4}$/);
    expect(LICENSE_KEY_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('makes keys that pass their own check', () => {
    for (let i = 0; i < 200; i += 1) expect(isValidLicenseKey(generateLicenseKey())).toBe(true);
  });

  it('makes a different key every time', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateLicenseKey));

    expect(keys.size).toBe(1000);
  });
});

describe('normalizeLicenseKey', () => {
  it('accepts a key typed in lower case, with spaces or without dashes', () => {
    const key = generateLicenseKey();

    expect(normalizeLicenseKey(key.toLowerCase())).toBe(key);
    expect(normalizeLicenseKey(key.replace(/-/g, ''))).toBe(key);
    expect(normalizeLicenseKey(` ${key.replace(/-/g, ' ')} `)).toBe(key);
  });

  it('refuses every single mistyped character', () => {
    const key = generateLicenseKey();
    const chars = key.replace(/-/g, '').slice(2);
    for (let position = 0; position < chars.length; position += 1) {
      for (const replacement of LICENSE_KEY_ALPHABET) {
        if (replacement === chars[position]) continue;
        const typo = chars.slice(0, position) + replacement + chars.slice(position + 1);
        expect(isValidLicenseKey(`SW${typo}`)).toBe(false);
      }
    }
  });

  it('refuses most swaps of two neighboring characters', () => {
    let caught = 0;
    let swaps = 0;
    for (let i = 0; i < 50; i += 1) {
      const chars = generateLicenseKey().replace(/-/g, '').slice(2);
      for (let p = 0; p < chars.length - 1; p += 1) {
        if (chars[p] === chars[p + 1]) continue;
        const swapped = chars.slice(0, p) + chars[p + 1] + chars[p] + chars.slice(p + 2);
        swaps += 1;
        if (!isValidLicenseKey(`SW${swapped}`)) caught += 1;
      }
    }

    expect(caught / swaps).toBeGreaterThan(0.9);
  });

  it.each([
    ['an empty string', ''],
    ['another prefix', 'XX-23456-789AB-CDEFG-HJKLM'],
    ['a short key', 'SW-23456-789AB-CDEFG'],
    ['a long key', 'SW-23456-789AB-CDEFG-HJKLM-N'],
    ['look-alike characters', 'SW-O0I1L-23456-789AB-CDEFG'],
  ])('refuses %s', (_, input) => {
    expect(normalizeLicenseKey(input)).toBeNull();
  });
});
