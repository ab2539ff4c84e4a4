/**
 * The identity of an e-mail address (accounts, trials, the console, `npm run admin`). No imports:
 * scripts/admin.mjs runs it under plain Node.
 */

/** Gmail ignores dots and anything after `+` in the local part, so these are one mailbox. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The identity of an address: trimmed and lower-cased; for Gmail also without dots and `+tag`,
 * and googlemail.com folded into gmail.com.
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const domain = lower.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return lower;
  const withoutTag = local.split('+')[0] ?? '';
  return `${withoutTag.replace(/\./g, '')}@gmail.com`;
}
