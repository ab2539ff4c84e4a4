/**
 * One source for every name, price, limit and business constant of the product (each listed in
 * docs/product-rules.md). Pages, islands and the Worker import from here; nothing is retyped
 * elsewhere.
 */

import * as billing from './config/billing.ts';
import * as featureUsage from './config/feature-usage.ts';
import * as legal from './config/legal.ts';
import * as limits from './config/limits.ts';
import * as plans from './config/plans.ts';
import * as pluginSignIn from './config/plugin-sign-in.ts';
import * as seats from './config/seats.ts';
import * as site from './config/site.ts';

/**
 * Names a deployment can change without touching code (`site`); the plans (`plans`); timings and
 * limits of the account flows (`limits`); legal and policy figures (`legal`); the plugin commands
 * whose use is reported and the limits of a report (`featureUsage`). Each is a module of
 * single exports under src/config/, so the islands carry only the values they read. The seller on
 * invoices, invoice numbering and the offline tax table are `billing`; the plugin's sign-in from its
 * ribbon (client, scope, code and token lifetimes) is `pluginSignIn`; Standard sold per seat (how
 * many seats one purchase holds, from how many a team may pay by invoice) is `seats`.
 */
export { billing, featureUsage, legal, limits, plans, pluginSignIn, seats, site };
import type { PlanId } from './config/plans.ts';
export type { Plan, PlanId } from './config/plans.ts';
export { planOffers, type PlanOffer } from './config/plan-offers.ts';

export const planOrder: readonly PlanId[] = ['trial', 'standard', 'enterprise'];

/** One row of the pricing comparison table. */
export interface ComparisonRow {
  feature: string;
  details: string;
  free: string;
  annual: string;
  enterprise: string;
}

export const comparison: readonly ComparisonRow[] = [
  {
    feature: 'All plugin features',
    details:
      'Renumber Views, Schedule Link, General Notes, Sheet Notes, MS Office Link, Drafting Export, CAD import, dummy schedules and Wipe Model. Every plan includes every feature.',
    free: 'Yes',
    annual: 'Yes',
    enterprise: 'Yes',
  },
  {
    feature: 'Price',
    details:
      'The trial is free and needs no credit card. Standard is $129 per year, billed by card through our payment provider; we never store card details. Enterprise pricing is negotiated.',
    free: '$0',
    annual: '$129 / year',
    enterprise: 'Custom',
  },
  {
    feature: 'License duration',
    details:
      'The trial expires automatically after 15 days. Standard is an annual license that renews unless you cancel; cancelling takes effect immediately with no refund of the current period.',
    free: '15 days',
    annual: '1 year, auto-renews',
    enterprise: 'Per agreement',
  },
  {
    feature: 'Active devices',
    details:
      'A license key is activated once per device. Free a device from the dashboard or the License Manager to move the license to another computer.',
    free: '1',
    annual: '2',
    enterprise: 'Custom',
  },
  {
    feature: 'Plugin updates',
    details:
      'Standard and Enterprise receive every new version. The trial stays on the version you installed.',
    free: 'No',
    annual: 'All future updates',
    enterprise: 'Yes',
  },
  {
    feature: 'In-app license management',
    details:
      'Verify status, switch licenses and manage active devices from the ribbon, without leaving your model.',
    free: 'Yes',
    annual: 'Yes',
    enterprise: 'Yes',
  },
  {
    feature: 'Support',
    details:
      'Trial users have the documentation and FAQ. Standard includes e-mail support. Enterprise includes priority support and additional feature development.',
    free: 'Documentation',
    annual: 'E-mail',
    enterprise: 'Priority',
  },
  {
    feature: 'Team activity monitoring',
    details: 'Enterprise accounts can review usage and activity across their team.',
    free: 'No',
    annual: 'No',
    enterprise: 'Yes',
  },
];

/** Plugin licensing. Device limits per plan are `plans[id].deviceLimit`. */
export const licensing = {
  /** Enterprise device limit when the account has none of its own (set per account by contract). */
  enterpriseDefaultDeviceLimit: 25,
  /** Deactivations allowed per license in a rolling window, so a key cannot be shared by churning devices. */
  maxDeactivations: 5,
  deactivationWindowDays: 30,
  /**
   * A license file lets the plugin work offline this many days after its last check-in (never past
   * the license's own expiry); the plugin validates again before then to get a fresh file.
   */
  offlineGraceDays: 14,
  deviceNameMaxLength: 100,
} as const;

/** Retention windows the cron jobs apply (the privacy policy words them: `legal.retention`). */
export const retentionDays = {
  /** Account data is kept while the account is active plus 3 years: deleted accounts are purged then. */
  deletedAccount: 3 * 365,
  /** Payment records (invoices, subscriptions) are kept 7 years for tax and accounting law. */
  paymentRecords: 7 * 365,
  /** Usage logs (the activation audit trail, the daily feature-usage counts) are kept 12 months. */
  usageLogs: 365,
} as const;

/** Plugin installers: R2 object key and file name for a version. */
export const installer = {
  fileName: (version: string) => `${site.product}-Setup-${version}.exe`,
  key: (version: string) => `installers/${version}/${site.product}-Setup-${version}.exe`,
} as const;

/** Resend cooldown after the given resend attempt: 30 + (attempt-1)*60 s. */
export function resendCooldownSeconds(attempt: number): number {
  return limits.resendFirstCooldownSeconds + Math.max(0, attempt - 1) * limits.resendStepSeconds;
}

/** Search rules (their own module, so the search page's script carries them without the rest). */
export { search } from './config/search.ts';

/** Left sidebar outside the dashboard. */
export const docsNav = [
  { href: '/features', label: 'Features' },
  { href: '/installation', label: 'Installation' },
  { href: '/changelog', label: 'Changelog' },
  { href: '/faq', label: 'FAQ' },
] as const;

/** Left sidebar inside the dashboard; Team shows only to an organization's owner. */
export const dashboardNav: ReadonlyArray<{ href: string; label: string; ownerOnly?: boolean }> = [
  { href: '/dashboard', label: 'My Account' },
  { href: '/dashboard/settings', label: 'Account Settings' },
  { href: '/dashboard/usage', label: 'Usage & Sessions' },
  { href: '/dashboard/billing', label: 'Billing & Invoices' },
  { href: '/dashboard/team', label: 'Team', ownerOnly: true },
];

/** Right side of the dashboard: Account, Settings, Support. */
export const dashboardAside = [
  { href: '/dashboard', label: 'Account', text: 'License, key and download' },
  { href: '/dashboard/settings', label: 'Settings', text: 'E-mail, password and account deletion' },
  { href: '/about', label: 'Support', text: 'Contact us by e-mail or phone' },
] as const;

/** Top tabs. `match` decides the active tab for a path. */
export const tabs = [
  { href: '/overview', label: 'OVERVIEW', match: (p: string) => p === '/' || p === '/overview' },
  { href: '/pricing', label: 'PRICING', match: (p: string) => p === '/pricing' },
  {
    href: '/guide',
    label: 'GUIDE',
    match: (p: string) => p === '/guide' || p.startsWith('/guide/'),
  },
  {
    href: '/dashboard',
    label: 'DASHBOARD',
    match: (p: string) => p === '/dashboard' || p.startsWith('/dashboard/'),
  },
  { href: '/about', label: 'ABOUT', match: (p: string) => p === '/about' },
] as const;

/** Footer links. */
export const footerNav = [
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Service' },
  { href: '/about', label: 'Contact' },
  { href: '/refund-policy', label: 'Refund Policy' },
] as const;
