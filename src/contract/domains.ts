/**
 * An organization's e-mail domains (the team page's Domains section, the console's organization
 * page): the answers' types, the rule a typed domain must follow, and every sentence about
 * domains. The requests the Worker validates are zod schemas in schemas/domains.ts; the answers
 * are described by their zod schemas in api/domain-answers.ts, from which `npm run openapi`
 * generates the islands' checks (src/generated/answers/).
 */
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import type { AddTeamDomainAnswer } from '../generated/answers/AddTeamDomainAnswer.ts';
import type { CheckTeamDomainAnswer } from '../generated/answers/CheckTeamDomainAnswer.ts';
import type { ListTeamDomainsAnswer } from '../generated/answers/ListTeamDomainsAnswer.ts';

/** Where a domain stands: not yet proved, proved (checked again every day), or record gone. */
export const domainStatuses = ['pending', 'verified', 'lapsed'] as const;
export type DomainStatus = (typeof domainStatuses)[number];

/** The name of the TXT record's value: `sheetwright-verification=<token>`. */
export const domainRecordPrefix = 'sheetwright-verification=';

/** At most this many domains per organization. */
export const domainsMax = 20;

/** One domain of the organization. */
export type OrganizationDomain = ListTeamDomainsAnswer['domains'][number];

/** GET /api/team/domains (and the console's organization): oldest first. */
export type OrganizationDomains = ListTeamDomainsAnswer;

/** POST /api/team/domains: a sentence and the domain added. */
export type DomainAdded = AddTeamDomainAnswer;

/** What Check now found. */
export const domainCheckOutcomes = ['verified', 'not-found', 'unavailable', 'lapsed'] as const;

/** POST /api/team/domains/{id}/check: what the look-up found, a sentence, and the domain now. */
export type DomainCheck = CheckTeamDomainAnswer;

// Sentences.
export const domainEmpty = "Enter the domain your team's e-mail addresses use, like example.com.";
export const domainWithScheme =
  'Enter the domain alone, like example.com: without https:// or a path after it.';
export const domainWithAt = 'Enter the domain alone, like example.com: without a name and @.';
export const domainTooLong = 'A domain has at most 253 characters.';
export const domainNoDot = 'Enter a full domain with a dot, like example.com.';
export const domainNotHostName =
  'This is not a domain name. Use letters a to z, digits and hyphens, with dots between the parts (like mail.example.com); write an accented name in its xn-- form.';
export const domainPublicMail =
  "This is a public e-mail provider's domain, which no organization can own. Add the domain of your own company's addresses.";
export const domainAlreadyAdded = 'This domain is already on your list.';
export const domainLimit = `An organization can list at most ${domainsMax} domains. Remove one first.`;
export const domainTaken =
  'Another organization has already verified this domain. A domain belongs to one organization at a time; if it is yours, contact us.';
export const domainNotFound = 'No domain of your organization has this id.';
export const domainAdded = 'Domain added. Publish its TXT record, then choose Check now.';
export const domainRemoved = 'Domain removed.';
export const domainVerified = 'Verified: the TXT record is there.';
export const domainRecordMissing =
  'The TXT record is not there yet. DNS changes can take a while to show; try again in a few minutes.';
export const domainLapsedNow =
  'The TXT record is no longer there, so the domain is no longer verified. Publish it again, then check again.';
export const domainCheckUnavailable =
  'We could not check the DNS just now. Nothing changed; please try again in a few minutes.';

/** Each part of a host name: letters, digits and hyphens, not at either end, 1 to 63 long. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The domain as it is stored and compared: trimmed, lower case, without a trailing dot. Run it
 * before `domainRule`.
 */
export const normalizeDomain = (domain: string): string =>
  domain.trim().toLowerCase().replace(/\.$/, '');

/**
 * Of a normalized domain: a host name with at least two parts, no scheme, path or address, and
 * a last part that is not a number (an IP address is no domain). Returns the sentence to show,
 * or null. Whether the domain belongs to a public mail provider is the Worker's to say.
 */
export function domainRule(domain: string): string | null {
  if (!domain) return domainEmpty;
  if (domain.includes('://') || domain.includes('/')) return domainWithScheme;
  if (domain.includes('@')) return domainWithAt;
  if (domain.length > 253) return domainTooLong;
  const labels = domain.split('.');
  if (labels.length < 2) return domainNoDot;
  if (!labels.every((label) => LABEL.test(label))) return domainNotHostName;
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return domainNotHostName;
  return null;
}
