/**
 * E-mail address rules: the normalized form is the account and trial identity, and
 * throwaway domains cannot claim a trial.
 */
export { normalizeEmail } from './email-identity';

let disposableSet: Set<string> | undefined;

/**
 * True when the address's domain, or any parent domain of it, is on the maintained list of
 * disposable mail providers (disposable-email-domains-js, refreshed from the community list).
 * The list (about 140 KiB) is loaded the first time an address is checked, not when the Worker
 * starts: only sign-ups and new domains need it.
 */
export async function isDisposableEmail(email: string): Promise<boolean> {
  disposableSet ??= new Set(
    (await import('disposable-email-domains-js/dist/dict/disposable_email_blocklist.json')).default,
  );
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const labels = domain.split('.');
  // Check "a.b.mailinator.com", then "b.mailinator.com", then "mailinator.com".
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (disposableSet.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
