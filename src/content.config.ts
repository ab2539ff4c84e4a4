/**
 * Content collections. Content editors add a page by dropping an MDX file in the
 * matching folder; the schemas below say which frontmatter each needs.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { guideTopics } from './lib/guide';
import { releaseEntrySchema } from './releases/entry';

/** Site pages served at `/{file name}` (e.g. `pages/installation.mdx` → `/installation`). */
const pages = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/pages' }),
  schema: z.object({
    /** Page title: `<title>`, the H1 and the search result title. */
    title: z.string(),
    /** One sentence for the meta description. */
    description: z.string(),
    /** Show the H1 from `title`; pages with their own hero set this to false. */
    showTitle: z.boolean().default(true),
    /**
     * Open with the product hero (src/components/Hero.astro), whose H1 names the product; the
     * `title` then shows as an H2 below it.
     */
    hero: z.boolean().default(false),
    /** Whether the page is indexed for /search. */
    searchable: z.boolean().default(true),
    /**
     * Describe the product to search engines on this page: schema.org `SoftwareApplication`
     * JSON-LD with the plans' offers from src/site.config.ts (src/lib/structured-data.ts).
     */
    softwareApplication: z.boolean().default(false),
    /** A feed of this page's news, linked from its head (`<link rel="alternate">`). */
    feed: z.object({ title: z.string(), path: z.string().startsWith('/') }).optional(),
  }),
});

/** Legal pages served at `/{file name}` (privacy, terms, refund-policy). */
const legal = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/legal' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    /** Shown as "Last updated: …" under the title, exactly as written. */
    lastUpdated: z.string(),
    searchable: z.boolean().default(true),
  }),
});

/**
 * One entry per release, `src/content/releases/{version}.mdx` (`npm run release` writes it): its
 * frontmatter (version, stage, channel, date, summary, installer key, size and SHA-256) is checked
 * by `releaseEntrySchema`, its body is the release notes. /changelog lists every entry newest
 * first, /changelog/rss.xml the stable ones; the Worker reads the same entries through
 * src/generated/releases.ts (scripts/releases.ts).
 */
const releases = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/releases' }),
  schema: releaseEntrySchema,
});

/** One question per file on /faq, sorted by `order`. */
const faq = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/faq' }),
  schema: z.object({
    question: z.string(),
    order: z.number().int(),
  }),
});

/** The video cards on /features, sorted by `order`. */
const features = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/features' }),
  schema: z.object({
    title: z.string(),
    summary: z.string(),
    /** Video and poster file names under `public/videos/`. */
    video: z.string(),
    poster: z.string(),
    order: z.number().int(),
  }),
});

/**
 * The guide: one page per file, served at `/guide/{file name}`. The sidebar groups pages by
 * `topic` (in the order of `guideTopics` in `src/lib/guide.ts`) and sorts them by `order`;
 * previous / next links follow the same order.
 */
const guide = defineCollection({
  loader: glob({ pattern: '*.mdx', base: './src/content/guide' }),
  schema: z.object({
    /** Page title: `<title>`, the H1, the sidebar link and the search result title. */
    title: z.string().min(1),
    /** One sentence: the meta description, the lead under the H1 and the line on the index. */
    description: z.string().min(1),
    /** The sidebar group the page belongs to. */
    topic: z.enum(guideTopics),
    /** Position within its topic (1, 2, 3…); two pages of a topic may not share one. */
    order: z.number().int().positive(),
    /**
     * "Last updated" under the page (YYYY-MM-DD). Leave it out to use the date of the file's
     * last commit; set it when the commit date says less than the content (a bulk reformat).
     */
    lastUpdated: z.iso.date().optional(),
  }),
});

export const collections = { pages, legal, releases, faq, features, guide };
