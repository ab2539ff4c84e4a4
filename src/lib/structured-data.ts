/**
 * Structured data (schema.org JSON-LD) for the pages that describe the product. Every name and
 * price comes from src/site.config.ts, so the markup cannot drift from the pricing page.
 */
import { planOffers, planOrder, plans, site, type Plan } from '../site.config.ts';

/** A schema.org object as JSON-LD: plain JSON values only. */
export type JsonLd = { readonly [key: string]: JsonValue };
type JsonValue = string | number | boolean | null | JsonLd | readonly JsonValue[];

/** A plan with a published price (Enterprise is negotiated, so it has no offer to list). */
type PricedPlan = Plan & { priceUsd: number };

function offer(plan: PricedPlan): JsonLd {
  // A paid plan renews every `durationDays`; the trial costs nothing and simply ends.
  const billing: JsonLd =
    plan.priceUsd > 0 && plan.durationDays !== null
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: plan.priceUsd,
            priceCurrency: 'USD',
            billingDuration: `P${plan.durationDays}D`,
          },
        }
      : {};
  return {
    '@type': 'Offer',
    name: plan.name,
    description: plan.summary,
    price: plan.priceUsd,
    priceCurrency: 'USD',
    url: new URL(planOffers[plan.id].cta.href, site.url).href,
    ...billing,
  };
}

/**
 * The plugin as a schema.org `SoftwareApplication` with one `Offer` per plan that has a price
 * (Free Trial and Standard). It runs inside a Windows desktop BIM application.
 */
export function softwareApplication(): JsonLd {
  const priced = planOrder
    .map((id) => plans[id])
    .filter((plan): plan is PricedPlan => plan.priceUsd !== null);
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: site.product,
    description: site.description,
    url: new URL('/', site.url).href,
    applicationCategory: 'DesignApplication',
    operatingSystem: 'Windows',
    offers: priced.map(offer),
  };
}

/**
 * JSON-LD as the text of a `<script type="application/ld+json">`. `<` is escaped so no value
 * can close the script element early; JSON parsers read `\u003c` as `<`.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
