/**
 * Feature usage the plugin reports (`featureUsage` of src/site.config.ts): the closed list of
 * plugin commands, each identified by a slug and explained by a guide page, and the limits of a
 * usage report. One export per value: a bundle that reads one of them carries that one.
 */

/**
 * The plugin's commands whose use is counted, in ribbon order. `slug` is what the plugin sends
 * (and names the storage column), `guide` the page under /guide that explains the command.
 */
export const features = [
  { slug: 'renumber-views', label: 'Renumber Views', guide: 'renumber-views' },
  { slug: 'schedule-link', label: 'Schedule Link', guide: 'schedule-link' },
  {
    slug: 'general-notes',
    label: 'General Notes',
    guide: 'general-notes-and-sheet-notes#steps-general-notes',
  },
  {
    slug: 'sheet-notes',
    label: 'Sheet Notes',
    guide: 'general-notes-and-sheet-notes#steps-sheet-notes',
  },
  { slug: 'legends-from-word', label: 'Legend Views from Word', guide: 'legends-from-word' },
  { slug: 'dummy-schedules', label: 'Dummy Schedules', guide: 'dummy-schedules' },
  { slug: 'drafting-export', label: 'Drafting Export', guide: 'drafting-export' },
  { slug: 'cad-import', label: 'CAD Import', guide: 'cad-import' },
  { slug: 'wipe-model', label: 'Wipe Model', guide: 'wipe-model' },
] as const;

/** A command the plugin reports, by its slug. */
export type FeatureSlug = (typeof features)[number]['slug'];

/** The slugs, in the same order (marked pure: a bundle that does not read them drops the list). */
export const featureSlugs = /* @__PURE__ */ features.map((feature) => feature.slug) as [
  FeatureSlug,
  ...FeatureSlug[],
];

/** Events (feature, day, count) one report may carry. */
export const maxEventsPerReport = 500;
/** The highest count accepted (and stored) for one feature on one device and day. */
export const maxCountPerDay = 10_000;
/** How many days back a reported day may lie (UTC), for a plugin that was offline. */
export const reportDaysBack = 30;
/** How many days ahead of today (UTC) a reported day may lie: the plugin's own time zone. */
export const reportDaysAhead = 1;
/** The plugin's batch id: chosen once per batch and sent again on every retry. */
export const batchIdMinLength = 8;
export const batchIdMaxLength = 64;
/** Received batch ids are kept this long, past the oldest day a report may carry. */
export const batchKeepDays = 35;
/** The periods Usage & Sessions shows, in days. */
export const usageRanges = [30, 90, 365] as const;
export type UsageRange = (typeof usageRanges)[number];
/**
 * Days kept as daily counts; older days are folded into calendar months by the cron (the
 * 365-day view counts whole months past this).
 */
export const dailyForDays = 90;
