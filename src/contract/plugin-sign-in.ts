/**
 * What /activate's calls answer (the calls: schemas/plugin-sign-in.ts), described by their zod
 * schemas in api/dashboard-schemas.ts and checked by src/generated/answers/.
 */
import type { ApprovePluginSignInAnswer } from '../generated/answers/ApprovePluginSignInAnswer';
import type { LookUpPluginSignInAnswer } from '../generated/answers/LookUpPluginSignInAnswer';

/** A pending sign-in request, as /activate shows it before the customer decides. */
export type DeviceRequestView = LookUpPluginSignInAnswer;

/** The answer to approve or deny. */
export type DeviceDecision = ApprovePluginSignInAnswer;
