/**
 * Queries over the content collections shared by pages and list components, so sort order and
 * heading anchors are decided in one place.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import GithubSlugger from 'github-slugger';
import { guideSequence } from './guide';
import type { Heading } from './headings';

/** Changelog entries, newest first. */
export async function changelogEntries(): Promise<CollectionEntry<'changelog'>[]> {
  const entries = await getCollection('changelog');
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** FAQ entries in their editor-set order. */
export async function faqEntries(): Promise<CollectionEntry<'faq'>[]> {
  return (await getCollection('faq')).sort((a, b) => a.data.order - b.data.order);
}

/** Guide pages in reading order (topic, then order): the sidebar, the index and previous / next. */
export async function guideEntries(): Promise<CollectionEntry<'guide'>[]> {
  return guideSequence(await getCollection('guide'));
}

export function changelogTitle(entry: CollectionEntry<'changelog'>): string {
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
    for (const e of await changelogEntries()) {
      const text = changelogTitle(e);
      headings.push({ depth: 2, slug: anchorFor(text), text });
    }
  }
  if (body?.includes('<FaqList')) {
    for (const e of await faqEntries()) {
      headings.push({ depth: 2, slug: anchorFor(e.data.question), text: e.data.question });
    }
  }
  return headings;
}
