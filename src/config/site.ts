/**
 * Names a deployment can change without touching code (`site` of src/site.config.ts).
 * One export per value: a bundle that reads one of them carries that one (and inlines it).
 */
export const product = 'Sheetwright';
/** Public origin of the production site: canonical URLs, and links in e-mails sent by cron jobs. */
export const url = 'https://sheetwright.example';
export const tagline = 'Automation for the repetitive work inside your BIM application.';
export const description =
  'Sheetwright automates repetitive work inside your desktop BIM application, with Word and Excel add-ins: renumber views, link schedules to spreadsheets, import notes, batch export and more.';
/**
 * The current plugin version: the newest stable release of src/content/releases/, derived by
 * scripts/releases.ts (never typed here). The site shows it; paid plans download it.
 */
export { currentVersion } from '../generated/releases.ts';
/**
 * Where the site's source lives: guide pages link "Edit this page" to their file on `branch`
 * (`<url>/edit/<branch>/<path>`), so an editor who spots a mistake finds the file at once.
 */
export const repository = {
  url: 'https://github.com/sheetwright/sheetwright-web',
  branch: 'main',
} as const;
export const supportEmail = 'support@sheetwright.example';
/** When someone who wrote to support can expect an answer (the contact acknowledgement says it). */
export const supportReplyTime = 'within two business days';
/** The powering company is not responsible for support or liability. */
export const company = {
  name: 'Halden Engineering LLC',
  state: 'Florida',
  street: '1500 Harbour Island Blvd, Suite 210',
  city: 'Tampa',
  region: 'FL',
  postalCode: '33602',
  country: 'United States',
  phoneDisplay: '+1 (813) 555-0147',
  phoneHref: 'tel:+18135550147',
} as const;
export const founder = {
  name: 'Daniel Halden, PE',
  role: 'Founder and structural engineer',
} as const;
