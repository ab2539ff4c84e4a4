/**
 * Mail providers whose mailboxes ignore parts of an address, so that several spellings reach one
 * person: the one-trial-per-e-mail rule and the account's identity treat them as one address
 * (`normalizeEmail` in functions/services/shared/email-identity.ts). A provider is listed only
 * when it documents the behavior for every mailbox of the domain:
 *
 * - Gmail: dots in the local part are ignored, `+tag` is ignored (sub-addressing), and
 *   googlemail.com is the same mailbox as gmail.com.
 * - Outlook.com (outlook.com, hotmail.com, live.com), iCloud Mail (icloud.com, me.com, mac.com),
 *   Proton Mail (proton.me, protonmail.com, pm.me) and Fastmail (fastmail.com, fastmail.fm):
 *   `+tag` is ignored (plus addressing). Their domains are not folded into one another: the same
 *   name on two of them may belong to two people.
 *
 * A domain not listed keeps its local part as typed (lower-cased), `+` included.
 * No imports: scripts/admin.mjs loads this under plain Node.
 */
export interface MailboxRule {
  /** Everything from the first `+` of the local part on is ignored. */
  readonly plusTags: boolean;
  /** Dots in the local part are ignored. */
  readonly ignoresDots: boolean;
  /** The domain the address is written with (when several domains are one mailbox). */
  readonly canonicalDomain?: string;
}

const gmail: MailboxRule = { plusTags: true, ignoresDots: true, canonicalDomain: 'gmail.com' };
const plusTagsOnly: MailboxRule = { plusTags: true, ignoresDots: false };

/** The rule of each domain (lower case), as the provider documents it (above). */
export const mailboxRules: Readonly<Record<string, MailboxRule>> = {
  'gmail.com': gmail,
  'googlemail.com': gmail,
  'outlook.com': plusTagsOnly,
  'hotmail.com': plusTagsOnly,
  'live.com': plusTagsOnly,
  'icloud.com': plusTagsOnly,
  'me.com': plusTagsOnly,
  'mac.com': plusTagsOnly,
  'proton.me': plusTagsOnly,
  'protonmail.com': plusTagsOnly,
  'pm.me': plusTagsOnly,
  'fastmail.com': plusTagsOnly,
  'fastmail.fm': plusTagsOnly,
};
