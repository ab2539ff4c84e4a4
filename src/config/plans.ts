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
  summary: string;
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
  summary: 'Try every feature for 15 days. No credit card required.',
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
  summary: 'One payment for a full year of access. Annual license, renews unless cancelled.',
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
  summary: 'Customized features, device limits and terms for your firm.',
};
