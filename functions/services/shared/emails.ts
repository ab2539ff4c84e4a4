/**
 * E-mail address rules: the normalized form is the account and trial identity, and
 * throwaway domains cannot claim a trial.
 */
import disposableDomains from 'disposable-email-domains-js/dist/dict/disposable_email_blocklist.json';

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

let disposableSet: Set<string> | undefined;

/**
 * True when the address's domain, or any parent domain of it, is on the maintained list of
 * disposable mail providers (disposable-email-domains-js, refreshed from the community list).
 */
export function isDisposableEmail(email: string): boolean {
  disposableSet ??= new Set(disposableDomains);
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const labels = domain.split('.');
  // Check "a.b.mailinator.com", then "b.mailinator.com", then "mailinator.com".
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (disposableSet.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
