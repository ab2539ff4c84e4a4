/**
 * One source for every name, price, limit and business constant of the product (SPEC §9). Pages, islands and the Worker import from here; nothing is retyped elsewhere.
 */

/** Names a deployment can change without touching code. */
export const site = {
  product: 'Sheetwright',
  /** Public origin of the production site: canonical URLs, and links in e-mails sent by cron jobs. */
  url: 'https://sheetwright.example',
  tagline: 'Automation for the repetitive work inside your BIM application.',
  description:
    'Sheetwright automates repetitive work inside your desktop BIM application, with Word and Excel add-ins: renumber views, link schedules to spreadsheets, import notes, batch export and more.',
  /** Current plugin version shown on the site. */
  currentVersion: '1.0.0',
  supportEmail: 'support@sheetwright.example',
  /** The powering company is not responsible for support or liability. */
  company: {
    name: 'Halden Engineering LLC',
    state: 'Florida',
    street: '1500 Harbour Island Blvd, Suite 210',
    city: 'Tampa',
    region: 'FL',
    postalCode: '33602',
    country: 'United States',
    phoneDisplay: '+1 (813) 555-0147',
    phoneHref: 'tel:+18135550147',
  },
  founder: {
    name: 'Daniel Halden, PE',
    role: 'Founder and structural engineer',
  },
} as const;

export type PlanId = 'trial' | 'standard' | 'enterprise';

/** A plan as the pricing page, signup and licensing rules use it. */
export interface Plan {
  id: PlanId;
  name: 'Free Trial' | 'Standard' | 'Enterprise';
  /** Plan name as stored on the user and license. */
  label: 'Trial' | 'Standard' | 'Enterprise';
  /** Price in US dollars; null when negotiated. */
  priceUsd: number | null;
  priceLabel: string;
  period: string;
  durationDays: number | null;
  /** Active devices per license; null when set per account (Enterprise). */
  deviceLimit: number | null;
  pluginUpdates: boolean;
  support: string;
  summary: string;
  features: readonly string[];
  cta: { label: string; href: string };
}

export const plans: Record<PlanId, Plan> = {
  trial: {
    id: 'trial',
    name: 'Free Trial',
    label: 'Trial',
    priceUsd: 0,
    priceLabel: '$0',
    period: '15 days',
    durationDays: 15,
    deviceLimit: 1,
    pluginUpdates: false,
    support: 'Documentation and FAQ',
    summary: 'Try every feature for 15 days. No credit card required.',
    features: [
      'All features included',
      'No credit card required',
      '1 active device',
      '15 days of full access',
      'One trial per account, entity and device',
      'E-mail verification and device check',
    ],
    cta: { label: 'Start Free Trial', href: '/signup?plan=trial' },
  },
  standard: {
    id: 'standard',
    name: 'Standard',
    label: 'Standard',
    priceUsd: 129,
    priceLabel: '$129',
    period: 'per year',
    durationDays: 365,
    deviceLimit: 2,
    pluginUpdates: true,
    support: 'Standard support (e-mail)',
    summary: 'One payment for a full year of access. Annual license, renews unless cancelled.',
    features: [
      'All features included',
      '2 active devices',
      'Annual license, auto-renews unless cancelled',
      'Standard support (e-mail)',
      'All future updates',
    ],
    cta: { label: 'Start Standard Plan', href: '/signup?plan=standard' },
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    label: 'Enterprise',
    priceUsd: null,
    priceLabel: 'Custom',
    period: 'negotiated pricing',
    durationDays: null,
    deviceLimit: null,
    pluginUpdates: true,
    support: 'Priority support',
    summary: 'Customized features, device limits and terms for your firm.',
    features: [
      'Custom negotiated pricing',
      'Customized features, device limits and terms',
      'Priority support',
      'Additional feature development',
      'Team activity monitoring',
    ],
    cta: { label: 'Contact Us', href: '/about' },
  },
};

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

/** Timings and limits of the account flows. */
export const limits = {
  passwordMinLength: 6,
  passwordMaxLength: 128,
  codeLength: 6,
  codeValiditySeconds: 600,
  resendFirstCooldownSeconds: 30,
  resendStepSeconds: 60,
  standardRedirectDelayMs: 1500,
  deletionRedirectDelayMs: 2000,
  paymentPollIntervalMs: 3000,
  paymentPollMaxAttempts: 40,
  /** Sessions end automatically this many days after sign-in (shown on the dashboard). */
  sessionDays: 14,
  /** A browser stays "known" to the account it last signed in to this long (its cookie's life). */
  knownBrowserDays: 365,
  /** Wrong codes allowed per verification code; resends do not reset the count. */
  codeMaxWrongAttempts: 5,
  /** A verified e-mail must be registered within this window. */
  verifiedSignupWindowSeconds: 1800,
  /** Password reset links are single use and valid this long. */
  passwordResetMinutes: 30,
  /** Rate limits: at most `max` events per `windowSeconds` (429 with Retry-After beyond). */
  rateLimits: {
    sendCodePerEmail: { max: 5, windowSeconds: 3600 },
    sendCodePerIp: { max: 20, windowSeconds: 3600 },
    loginPerIp: { max: 30, windowSeconds: 900 },
    /** Attempts per e-mail from browsers that have not signed in to that account before. */
    loginPerEmail: { max: 10, windowSeconds: 900 },
    /**
     * Attempts per known browser (one that has signed in to the account, README "Sign-in
     * throttling"): its own budget, so guessing elsewhere cannot lock the owner out of it.
     */
    loginPerKnownBrowser: { max: 10, windowSeconds: 900 },
    forgotPasswordPerEmail: { max: 3, windowSeconds: 3600 },
    contactPerIp: { max: 5, windowSeconds: 3600 },
    /** The payment page polls every 3 s up to 40 times; this leaves room for a few tabs. */
    paymentCompletionPerIp: { max: 200, windowSeconds: 600 },
    /** Plugin calls (activate, validate, deactivate) per IP. */
    licenseApiPerIp: { max: 120, windowSeconds: 3600 },
  },
} as const;

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

/** Retention windows the cron jobs apply (privacy policy §6; `legal.retention` words them). */
export const retentionDays = {
  /** Account data is kept while the account is active plus 3 years: deleted accounts are purged then. */
  deletedAccount: 3 * 365,
  /** Payment records (invoices, subscriptions) are kept 7 years for tax and accounting law. */
  paymentRecords: 7 * 365,
  /** Usage logs (the activation audit trail) are kept 12 months. */
  usageLogs: 365,
} as const;

/** Plugin installers: R2 object key and file name for a version. */
export const installer = {
  fileName: (version: string) => `${site.product}-Setup-${version}.exe`,
  key: (version: string) => `installers/${version}/${site.product}-Setup-${version}.exe`,
} as const;

/** Resend cooldown after the given resend attempt (SPEC §4: 30 + (attempt-1)*60 s). */
export function resendCooldownSeconds(attempt: number): number {
  return limits.resendFirstCooldownSeconds + Math.max(0, attempt - 1) * limits.resendStepSeconds;
}

/** Search rules. */
export const search = {
  delayMs: 300,
  minQueryLength: 2,
  minWordLength: 2,
  snippetThreshold: 200,
  snippetBefore: 50,
  snippetAfter: 150,
} as const;

/** Legal and policy figures, used by the legal pages. */
export const legal = {
  privacyLastUpdated: 'June 21, 2025',
  termsLastUpdated: 'June 21, 2025',
  refundLastUpdated: 'June 21, 2025',
  minimumAge: 18,
  retention: {
    account: 'while your account is active plus 3 years',
    paymentRecords: '7 years',
    usageLogs: '12 months',
    supportTickets: '3 years',
  },
  breachAssessmentHours: 24,
  breachNotificationHours: 72,
  policyChangeNoticeDays: 7,
  termsChangeNoticeDays: 7,
  priceIncreaseNoticeDays: 30,
  refundReportWindowDays: 30,
  outageRefundThresholdDays: 7,
  refundReviewBusinessDays: '5-7',
  liabilityCapMonths: 12,
  governingLaw: 'Florida',
  venueCounty: 'Hillsborough County, Florida',
  arbitrationClaimLimitUsd: 1000,
} as const;

/** Left sidebar outside the dashboard. */
export const docsNav = [
  { href: '/features', label: 'Features' },
  { href: '/installation', label: 'Installation' },
  { href: '/changelog', label: 'Changelog' },
  { href: '/faq', label: 'FAQ' },
] as const;

/** Left sidebar inside the dashboard. */
export const dashboardNav = [
  { href: '/dashboard', label: 'My Account' },
  { href: '/dashboard/settings', label: 'Account Settings' },
  { href: '/dashboard/usage', label: 'Usage & Sessions' },
  { href: '/dashboard/billing', label: 'Billing & Invoices' },
] as const;

/** Right side of the dashboard (SPEC §2 Layout: Account, Settings, Support). */
export const dashboardAside = [
  { href: '/dashboard', label: 'Account', text: 'License, key and download' },
  { href: '/dashboard/settings', label: 'Settings', text: 'E-mail and account deletion' },
  { href: '/about', label: 'Support', text: 'Contact us by e-mail or phone' },
] as const;

/** Top tabs. `match` decides the active tab for a path. */
export const tabs = [
  { href: '/overview', label: 'OVERVIEW', match: (p: string) => p === '/' || p === '/overview' },
  { href: '/pricing', label: 'PRICING', match: (p: string) => p === '/pricing' },
  { href: '/guide', label: 'GUIDE', match: (p: string) => p === '/guide' },
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
