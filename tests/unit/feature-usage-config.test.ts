/**
 * The plugin commands whose use is reported (src/config/feature-usage.ts): each explained by a
 * guide page (and the heading it links to), each with its own count column in the database, and
 * the report's limits as the privacy policy and the API state them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usageDayColumns } from '../../functions/db/schema';
import { featureUsage, legal, retentionDays } from '../../src/site.config';

const guideDir = join(import.meta.dirname, '../../src/content/guide');

/** The anchor of a Markdown heading as the site writes it: "Steps: General Notes" → steps-general-notes. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ +/g, '-');

describe('featureUsage.features', () => {
  it.each(featureUsage.features.map((feature) => [feature.slug, feature] as const))(
    '%s is explained by its guide page',
    (_slug, feature) => {
      const [page = '', anchor] = feature.guide.split('#');
      const file = join(guideDir, `${page}.mdx`);
      expect(existsSync(file), file).toBe(true);
      const source = readFileSync(file, 'utf8');
      if (anchor) {
        const headings = [...source.matchAll(/^#+ (.+)$/gm)].map((match) =>
          anchorOf(match[1] ?? ''),
        );
        expect(headings).toContain(anchor);
      } else {
        expect(page).toBe(feature.slug);
      }
    },
  );

  it('has one count column per command, named after its slug', () => {
    expect(Object.keys(usageDayColumns).sort()).toEqual(
      featureUsage.features.map((feature) => feature.slug).sort(),
    );
    for (const [slug, column] of Object.entries(usageDayColumns)) {
      expect(column.name).toBe(slug.replace(/-/g, '_'));
    }
  });

  it('keeps the usage counts as long as the privacy policy says for usage logs', () => {
    expect(retentionDays.usageLogs).toBe(365);
    expect(legal.retention.usageLogs).toBe('12 months');
    expect(featureUsage.batchKeepDays).toBeGreaterThan(featureUsage.reportDaysBack);
  });
});
