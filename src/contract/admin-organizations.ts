/**
 * What the console's organization calls answer (routes/admin-organizations.ts): zod schemas in
 * api/admin-organizations-answers.ts, checked by src/generated/answers/. The requests are
 * zod schemas in schemas/team-requests.ts.
 * Times are ISO 8601 strings.
 */
import type { FindOrganizationsAnswer } from '../generated/answers/FindOrganizationsAnswer';
import type { GetOrganizationDetailAnswer } from '../generated/answers/GetOrganizationDetailAnswer';
import type { UpdateOrganizationAnswer } from '../generated/answers/UpdateOrganizationAnswer';

export const supportTiers = ['standard', 'priority'] as const;

/** One organization found by the console (GET /api/admin/organizations?q=…). */
export type OrganizationHit = FindOrganizationsAnswer['organizations'][number];

export type OrganizationList = FindOrganizationsAnswer;

/** The organization's own record, as operators see and change it. */
export type AdminOrganization = GetOrganizationDetailAnswer['organization'];

/** GET /api/admin/organizations/:id: the whole picture on one page. */
export type OrganizationDetail = GetOrganizationDetailAnswer;

/** The answer to a change: what happened, and the page to redraw. */
export type OrganizationActionResult = UpdateOrganizationAnswer;
