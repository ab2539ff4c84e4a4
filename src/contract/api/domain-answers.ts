/**
 * The zod twins of the answers src/contract/domains.ts describes with shapes, so the published
 * API states their fields. The pages keep checking those answers with the shapes (no zod in the
 * browser); each `Agree` below fails the build if a twin and its shape ever differ. Worker and
 * contract only: no island imports this.
 */
import { z } from 'zod';
import type { Agree } from '../schemas/agree';
import { lazySchema } from '../schemas/lazy';
import {
  domainCheckOutcomes,
  domainStatuses,
  type DomainAdded,
  type DomainCheck,
  type OrganizationDomain,
  type OrganizationDomains,
} from '../domains';

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

const organizationDomainAgrees: Agree<typeof organizationDomainSchema, OrganizationDomain> = true;

/** The organization's domains, oldest first. */
export const organizationDomainsSchema = lazySchema(() =>
  z.object({ domains: z.array(organizationDomainSchema) }),
);

const organizationDomainsAgrees: Agree<typeof organizationDomainsSchema, OrganizationDomains> =
  true;

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

const domainCheckAgrees: Agree<typeof domainCheckSchema, DomainCheck> = true;

/** The answer of adding a domain: a sentence and the new domain. */
export const domainAddedSchema = lazySchema(() =>
  z.object({ message: z.string(), domain: organizationDomainSchema }),
);

const domainAddedAgrees: Agree<typeof domainAddedSchema, DomainAdded> = true;

export const domainAnswersAgree = [
  domainAddedAgrees,
  organizationDomainAgrees,
  organizationDomainsAgrees,
  domainCheckAgrees,
] as const;
