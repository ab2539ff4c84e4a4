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
export const addDomainSchema = lazySchema(() =>
  z.object({
    domain: z
      .string()
      .max(1000, domainTooLong)
      .transform(normalizeDomain)
      .superRefine((domain, context) => {
        const message = domainRule(domain);
        if (message) context.addIssue({ code: 'custom', message });
      }),
  }),
);
