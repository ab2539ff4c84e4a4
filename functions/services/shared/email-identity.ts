/**
 * The identity of an e-mail address (accounts, trials, the console, `npm run admin`). Its only
 * import is the providers' table, itself without imports: scripts/admin.mjs runs it under plain
 * Node.
 */
import { mailboxRules } from '../../../src/config/email-providers.ts';

/**
 * The identity of an address: trimmed and lower-cased; for a provider of `mailboxRules`
 * (src/config/email-providers.ts) also without what that provider ignores: `+tag` (Gmail,
 * Outlook.com, iCloud, Proton, Fastmail), dots (Gmail), and googlemail.com folded into gmail.com.
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  const rule = Object.hasOwn(mailboxRules, domain) ? mailboxRules[domain] : undefined;
  if (!rule) return lower;
  let local = lower.slice(0, at);
  if (rule.plusTags) local = local.split('+')[0] ?? '';
  if (rule.ignoresDots) local = local.replace(/\./g, '');
  return `${local}@${rule.canonicalDomain ?? domain}`;
}
