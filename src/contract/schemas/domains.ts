/**
 * Request bodies of an organization's domains (routes/team-domains.ts), validated by the Worker.
 * Server only.
 */
import { z } from 'zod';
import { domainRule, domainTooLong, normalizeDomain } from '../domains';
import { lazySchema } from './lazy';

/**
 * POST /api/team/domains: a domain, taken trimmed, lower case and without a trailing dot, and
 * refused with a sentence unless it is a host name (domains.ts). Whether it is a public mail
 * provider's is the service's to say.
 */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * `domainRule` as the document states it, for the domain as sent: spaces around it and a final
 * dot forgiven, at most 253 characters, two labels or more, the last one not a number.
 */
const DOMAIN_PATTERN = `^\\s*(?=\\S{1,253}\\.?\\s*$)(?:${LABEL}\\.)+(?![0-9]+\\.?\\s*$)${LABEL}\\.?\\s*$`;

export const addDomainSchema = lazySchema(() =>
  z.object({
    domain: z
      .string()
      .max(1000, domainTooLong)
      .transform(normalizeDomain)
      .superRefine((domain, context) => {
        const message = domainRule(domain);
        if (message) context.addIssue({ code: 'custom', message });
      })
      .meta({ pattern: DOMAIN_PATTERN }),
  }),
);
