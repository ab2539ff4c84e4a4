/**
 * Queries over the content collections shared by pages and list components, so sort order and
 * heading anchors are decided in one place.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import GithubSlugger from 'github-slugger';
import { newestFirst, releaseAnchor } from '../releases/releases';
import { guideSequence } from './guide';
import type { Heading } from './headings';

/** Release entries, newest version first: /changelog and its feed. */
export async function releaseEntries(): Promise<CollectionEntry<'releases'>[]> {
  return newestFirst(await getCollection('releases'), (entry) => entry.data.version);
}

/** FAQ entries in their editor-set order. */
export async function faqEntries(): Promise<CollectionEntry<'faq'>[]> {
  return (await getCollection('faq')).sort((a, b) => a.data.order - b.data.order);
}

/** Guide pages in reading order (topic, then order): the sidebar, the index and previous / next. */
export async function guideEntries(): Promise<CollectionEntry<'guide'>[]> {
  return guideSequence(await getCollection('guide'));
}

/** A release's heading on /changelog, stage then version: "Beta 1.0.0". */
export function releaseTitle(entry: CollectionEntry<'releases'>): string {
  return `${entry.data.stage} ${entry.data.version}`;
}

/** Anchor for a list item's heading; same slugger as MDX headings. */
export function anchorFor(text: string): string {
  return new GithubSlugger().slug(text);
}

/**
 * Headings that list components add to a page, so Quick Jumps lists them too. A page that embeds
 * `<ChangelogList />` or `<FaqList />` gets one entry per version or question.
 */
export async function componentHeadings(body: string | undefined): Promise<Heading[]> {
  const headings: Heading[] = [];
  if (body?.includes('<ChangelogList')) {
    for (const e of await releaseEntries()) {
      headings.push({ depth: 2, slug: releaseAnchor(e.data.version), text: releaseTitle(e) });
    }
  }
  if (body?.includes('<FaqList')) {
    for (const e of await faqEntries()) {
      headings.push({ depth: 2, slug: anchorFor(e.data.question), text: e.data.question });
    }
  }
  return headings;
}
