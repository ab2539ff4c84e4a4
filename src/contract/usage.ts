/**
 * What the dashboard's Usage & Sessions calls answer (the calls: schemas/licensing.ts), described
 * by their zod schemas in api/dashboard-schemas.ts and checked by src/generated/answers/.
 */
import type { GetFeatureUsageAnswer } from '../generated/answers/GetFeatureUsageAnswer';
import type { GetUsageOverviewAnswer } from '../generated/answers/GetUsageOverviewAnswer';
import type { GetUsageSharingAnswer } from '../generated/answers/GetUsageSharingAnswer';

/** An active device as the plugin's 403 and the Usage page list it. */
export type DeviceView = GetUsageOverviewAnswer['devices'][number];

/** One row of the activation history (audit trail). */
export type LicenseEventView = GetUsageOverviewAnswer['history'][number];

/** A browser (or API) session of the account. */
export type SessionView = GetUsageOverviewAnswer['sessions'][number];

/** A plugin signed in to the account from its ribbon (Usage & Sessions, "Signed-in plugins"). */
export type PluginSignInView = GetUsageOverviewAnswer['plugins'][number];

export type UsageOverview = GetUsageOverviewAnswer;

/**
 * Feature usage for Usage & Sessions (GET /api/usage/features?days=30|90|365): the plugin's
 * daily reports summed per device and command over the last `days` days (UTC, `from`..`to`
 * inclusive). `counts` and `lastUsed` follow the order of `featureUsage.features`.
 */
export type FeatureUsageDevice = GetFeatureUsageAnswer['devices'][number];

export type FeatureUsageView = GetFeatureUsageAnswer;

/** GET and PATCH /api/account/usage-sharing. */
export type UsageSharing = GetUsageSharingAnswer;
