/**
 * GET /api/account/license: what My Account states beside the user object (user.ts): the
 * license's devices against its limit and whether a paid plan renews or ends. A shape the
 * island checks (see shape.ts).
 */
import { integer, nullable, object, oneOf, string, type Infer } from './shape.ts';

export const accountLicenseSchema = object({
  devices: object({
    /** Devices active on the license now. */
    active: integer,
    /** Devices it may have active: the plan's limit, or an Enterprise seat's. */
    limit: integer,
  }),
  /** A card subscription's next step: renews (or ends, once cancelled) on `on`; null without one. */
  renewal: nullable(
    object({
      kind: oneOf(['renews', 'ends']),
      /** ISO 8601. */
      on: string,
    }),
  ),
});
export type AccountLicense = Infer<typeof accountLicenseSchema>;
