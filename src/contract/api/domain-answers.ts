/**
 * The answers of the Domains calls (src/contract/domains.ts names their types), described once:
 * what the Worker's answers are typed by, what the published API states, and what
 * `npm run openapi` turns into the islands' checks. Worker and contract only.
 */
import { z } from 'zod';
import { lazySchema } from '../schemas/lazy';
import { domainCheckOutcomes, domainStatuses } from '../domains';

/** One domain of the organization. */
export const organizationDomainSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** Lower case, without a trailing dot. */
    domain: z.string(),
    /** `pending` until the record is first found, `verified`, or `lapsed` once it is gone. */
    status: z.enum(domainStatuses),
    /** The TXT record's value to publish at the domain: `sheetwright-verification=…`. */
    record: z.string(),
    /** ISO 8601. */
    addedAt: z.string(),
    /** When it was last verified; null while it never was. */
    verifiedAt: z.nullable(z.string()),
    /** When the daily check found the record gone; null unless lapsed. */
    lapsedAt: z.nullable(z.string()),
    /** When the record was last looked up; null before the first check. */
    checkedAt: z.nullable(z.string()),
  }),
);

/** The organization's domains, oldest first. */
export const organizationDomainsSchema = lazySchema(() =>
  z.object({ domains: z.array(organizationDomainSchema) }),
);

/** What Check now found, its sentence, and the domain as it is now. */
export const domainCheckSchema = lazySchema(() =>
  z.object({
    /**
     * `verified` (the record is there), `not-found` (not yet), `lapsed` (a verified domain's
     * record is gone), `unavailable` (DNS could not be asked; nothing changed).
     */
    outcome: z.enum(domainCheckOutcomes),
    message: z.string(),
    domain: organizationDomainSchema,
  }),
);

/** The answer of adding a domain: a sentence and the new domain. */
export const domainAddedSchema = lazySchema(() =>
  z.object({ message: z.string(), domain: organizationDomainSchema }),
);
