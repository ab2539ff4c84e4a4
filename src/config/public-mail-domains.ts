/**
 * Domains of public e-mail providers, where anyone can open a mailbox: no organization can claim
 * one as its own (an organization's verified domains, functions/services/organizations/domains.ts).
 * Besides these, the providers of `mailboxRules` (email-providers.ts) and every domain on the
 * disposable-mail list count as public too.
 */
export const publicMailDomains: readonly string[] = [
  'aol.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'hey.com',
  'hotmail.co.uk',
  'hotmail.de',
  'hotmail.fr',
  'mail.com',
  'mail.ru',
  'msn.com',
  'outlook.de',
  'outlook.fr',
  'qq.com',
  'tutanota.com',
  'web.de',
  'yahoo.co.uk',
  'yahoo.com',
  'yahoo.de',
  'yahoo.fr',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
];
