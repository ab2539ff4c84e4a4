import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatIsoDay,
  formatMoney,
  formatShortDateTime,
  formatUtcMoment,
  relativeTime,
} from '../../src/lib/format';

const moment = Date.parse('2026-07-06T14:05:00.000Z');

describe('formatMoney', () => {
  it('writes US dollars with the symbol and two decimals', () => {
    expect(formatMoney(12900, 'usd')).toBe('$129.00');
    expect(formatMoney(12900, 'USD')).toBe('$129.00');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
  });

  it('names every other currency by its code, so euros never read as dollars', () => {
    expect(formatMoney(12900, 'eur')).toBe('EUR\u00a0129.00');
    expect(formatMoney(4350, 'cad')).toBe('CAD\u00a043.50');
  });

  it('counts zero-decimal currencies in whole units', () => {
    expect(formatMoney(500, 'jpy')).toBe('JPY\u00a0500');
    expect(formatMoney(12000, 'krw')).toBe('KRW\u00a012,000');
  });

  it('still shows the amount for a code Intl refuses', () => {
    expect(formatMoney(12900, 'not-a-currency')).toBe('129.00 NOT-A-CURRENCY');
  });
});

describe('dates', () => {
  it('writes a day and a moment in the given zone', () => {
    expect(formatDate(moment, 'UTC')).toBe('July 6, 2026');
    expect(formatDate('2026-07-06T23:30:00.000Z', 'America/New_York')).toBe('July 6, 2026');
    expect(formatDate('2026-07-07T01:30:00.000Z', 'America/New_York')).toBe('July 6, 2026');
    expect(formatDateTime(moment, 'UTC')).toMatch(/^July 6, 2026(,| at) 2:05\sPM$/);
  });

  it('takes ISO text, milliseconds and Dates alike', () => {
    const iso = new Date(moment).toISOString();
    expect(formatDate(iso)).toBe(formatDate(moment));
    expect(formatDate(new Date(moment))).toBe(formatDate(moment));
    expect(formatDateTime(iso)).toBe(formatDateTime(new Date(moment)));
  });

  it('gives back text that is not a date as it came', () => {
    expect(formatDate('never')).toBe('never');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatShortDateTime('later')).toBe('later');
    expect(formatIsoDay('someday')).toBe('someday');
  });

  it('writes the short table moment, the e-mail moment and the ISO day', () => {
    expect(formatShortDateTime(moment)).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, 2026, \d{1,2}:\d{2}\s[AP]M$/,
    );
    expect(formatUtcMoment(moment)).toBe('July 6, 2026 at 14:05 UTC');
    expect(formatUtcMoment(Date.parse('2026-03-01T00:07:00.000Z'))).toBe(
      'March 1, 2026 at 00:07 UTC',
    );
    expect(formatIsoDay(moment)).toBe('2026-07-06');
    expect(formatIsoDay(new Date(moment))).toBe('2026-07-06');
  });

  it('says how long ago', () => {
    expect(relativeTime(moment - 30_000, moment)).toBe('just now');
    expect(relativeTime(new Date(moment - 3 * 3_600_000).toISOString(), moment)).toBe(
      '3 hours ago',
    );
    expect(relativeTime('unknown', moment)).toBe('unknown');
  });
});
