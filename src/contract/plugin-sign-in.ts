/**
 * What /activate's calls answer (the calls: schemas/plugin-sign-in.ts), as shapes the island
 * checks (see shape.ts); the published contract's zod twins are in api/dashboard-schemas.ts.
 */
import { nullable, object, oneOf, string, type Infer } from './shape.ts';

/** A pending sign-in request, as /activate shows it before the customer decides. */
export const deviceRequestViewSchema = object({
  /** The user code, formatted XXXX-XXXX. */
  userCode: string,
  clientName: string,
  scope: string,
  /** What the plugin said about the computer; null when it said nothing. */
  deviceName: nullable(string),
  deviceId: nullable(string),
  /** The signed-in account's e-mail, so the customer sees which account is being given. */
  accountEmail: string,
  /** ISO 8601. */
  requestedAt: string,
  expiresAt: string,
});
export type DeviceRequestView = Infer<typeof deviceRequestViewSchema>;

/** The answer to approve or deny. */
export const deviceDecisionSchema = object({
  status: oneOf(['approved', 'denied']),
  message: string,
});
export type DeviceDecision = Infer<typeof deviceDecisionSchema>;
