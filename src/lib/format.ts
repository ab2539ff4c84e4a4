/**
 * Money and dates in words, the same for the islands, the pages and the Worker (e-mails, the dev
 * checkout), so one amount or day never reads two ways. Plain Intl: no DOM, no dependencies.
 */

/** Devices in use against the license's limit, the same on every page: "1 of 2 devices". */
export function devicesOfLimit(active: number, limit: number): string {
  return `${active} of ${limit} ${limit === 1 ? 'device' : 'devices'}`;
}

/** A moment as the API and the database hold it: ISO text, epoch milliseconds or a Date. */
export type When = string | number | Date;

/** Currencies the payment provider counts in whole units rather than hundredths (¥500 is 500). */
const zeroDecimal = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

// Making an Intl formatter costs far more than formatting with one (a receipt or a page of
// invoices formats dozens of amounts and days), so each kind is made once and kept. A formatter
// without a time zone keeps the zone of the moment it was made: the Worker's is always UTC, a
// browser's stays the reader's.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The currency's formatter; throws for a code Intl does not accept (and keeps nothing). */
function moneyFormat(code: string): Intl.NumberFormat {
  let formatter = moneyFormats.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      currencyDisplay: code === 'USD' ? 'narrowSymbol' : 'code',
    });
    moneyFormats.set(code, formatter);
  }
  return formatter;
}

/**
 * An amount in the provider's smallest unit as money: "$129.00" for US dollars; other currencies
 * by their code, "EUR 129.00", "JPY 500", so a euro amount is never mistaken for dollars.
 */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  const whole = zeroDecimal.has(code);
  const amount = whole ? minor : minor / 100;
  try {
    return moneyFormat(code).format(amount);
  } catch {
    // A code Intl does not accept: still show the amount rather than fail the page or e-mail.
    return `${amount.toFixed(whole ? 0 : 2)} ${code}`;
  }
}

/** Epoch milliseconds of a moment; NaN when it is not one. */
function timeOf(when: When): number {
  if (when instanceof Date) return when.getTime();
  return typeof when === 'number' ? when : Date.parse(when);
}

/** Formats a moment, or gives back the text as it came when it is not a date. */
function format(when: When, options: Intl.DateTimeFormatOptions): string {
  const time = timeOf(when);
  if (!Number.isFinite(time)) return String(when);
  const key = JSON.stringify(options);
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', options);
    dateFormats.set(key, formatter);
  }
  return formatter.format(time);
}

/**
 * A day, "July 2, 2025". In the browser's time zone unless one is given: e-mails and static pages
 * pass 'UTC', as the Worker and the build know no reader's zone.
 */
export function formatDate(when: When, timeZone?: string): string {
  return format(when, { dateStyle: 'long', timeZone });
}

/** A day, "Jul 2, 2025", where a column of days must stay narrow. */
export function formatShortDate(when: When, timeZone?: string): string {
  return format(when, { dateStyle: 'medium', timeZone });
}

/** A moment, "July 2, 2025 at 9:41 AM", in the browser's time zone unless one is given. */
export function formatDateTime(when: When, timeZone?: string): string {
  return format(when, { dateStyle: 'long', timeStyle: 'short', timeZone });
}

/** A moment short enough for a table column, "Nov 24, 2026, 3:46 PM". */
export function formatShortDateTime(when: When): string {
  return format(when, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment for an e-mail, read anywhere: "July 6, 2026 at 14:05 UTC". */
export function formatUtcMoment(when: When): string {
  const time = format(when, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });
  return `${formatDate(when, 'UTC')} at ${time} UTC`;
}

/** The UTC day as ISO text, "2026-07-06": unambiguous in any locale (license e-mails, dev pages). */
export function formatIsoDay(when: When): string {
  const time = timeOf(when);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : String(when);
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

let relativeWords: Intl.RelativeTimeFormat | undefined;

/**
 * "2 hours ago", "3 days ago"; "just now" under a minute. A moment slightly in the future (the
 * server's clock ahead of this browser's) also reads "just now" rather than "in 5 seconds".
 */
export function relativeTime(when: When, now: number): string {
  const time = timeOf(when);
  if (!Number.isFinite(time)) return String(when);
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  relativeWords ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
  const words = relativeWords;
  for (const [unit, size] of units) {
    if (seconds >= size) return words.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
