/**
 * The plans as the pricing page, signup and licensing rules use them (`plans` of src/site.config.ts).
 * One export per value: a bundle that reads one of them carries that one (and inlines it).
 */

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

export const trial: Plan = {
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
};
export const standard: Plan = {
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
};
export const enterprise: Plan = {
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
};
