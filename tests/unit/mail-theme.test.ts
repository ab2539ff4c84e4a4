import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colors, colorTokens, logo } from '../../functions/services/core/mail/theme';

const css = readFileSync(new URL('../../src/styles/global.css', import.meta.url), 'utf8');

describe('the e-mails’ colors', () => {
  it.each(Object.entries(colorTokens))('%s is the site’s %s', (name, token) => {
    const value = new RegExp(`${token}:\\s*(#[0-9a-f]{3,8})\\s*;`, 'i').exec(css)?.[1];
    expect(value?.toLowerCase()).toBe(colors[name as keyof typeof colors]);
  });

  it('has a token for every color', () => {
    expect(Object.keys(colorTokens).sort()).toEqual(Object.keys(colors).sort());
  });
});

describe('the e-mail logo', () => {
  it('is a PNG in public/, drawn at three times the size the e-mails show it', () => {
    const png = readFileSync(new URL('../../public/email-logo.png', import.meta.url));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    // Width and height are the first fields of the IHDR chunk.
    expect(png.readUInt32BE(16)).toBe(3 * logo.size);
    expect(png.readUInt32BE(20)).toBe(3 * logo.size);
  });
});
