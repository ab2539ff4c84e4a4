/**
 * What the pricing and home pages say of each plan besides its figures (src/config/plans.ts): its
 * support, the list of its plan card and the card's call to action. A module of its own, so the
 * islands that read a plan's name, price or devices (the account pages, checkout) do not carry
 * these texts.
 */
import type { PlanId } from './plans.ts';

export interface PlanOffer {
  support: string;
  features: readonly string[];
  cta: { label: string; href: string };
}

export const planOffers: Record<PlanId, PlanOffer> = {
  trial: {
    support: 'Documentation and FAQ',
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
    support: 'Standard support (e-mail)',
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
    support: 'Priority support',
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
