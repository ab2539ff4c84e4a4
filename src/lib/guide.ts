/**
 * The guide's topics and reading order. Pure (no `astro:content`), so the order is unit-tested in
 * Node; `src/lib/content.ts` feeds it the `guide` collection and the schema in
 * `src/content.config.ts` takes its topics from here.
 *
 * The reading order is the sidebar's: topics in the order of `guideTopics`, then each page's
 * `order` within its topic. Previous and next follow it, so the sidebar, the index and the links
 * at the foot of a page always agree.
 */

/** The sidebar groups, in reading order. Every guide page names one of them as its `topic`. */
export const guideTopics = [
  'Getting started',
  'Views and sheets',
  'Notes and legends',
  'Schedules',
  'Sharing models',
  'Licensing',
  'Help',
] as const;
export type GuideTopic = (typeof guideTopics)[number];

/** The frontmatter the reading order needs (the collection schema checks the rest). */
export interface GuideEntry {
  /** File name without `.mdx`: the page is served at `/guide/{id}`. */
  id: string;
  data: { title: string; topic: GuideTopic; order: number };
}

/** A topic and its pages, in reading order. */
export interface GuideGroup<T extends GuideEntry> {
  topic: GuideTopic;
  entries: T[];
}

/** The URL of a guide page. */
export function guideHref(id: string): string {
  return `/guide/${id}`;
}

/**
 * Every page in reading order. Two pages of one topic with the same `order` would make previous
 * and next depend on file names, so that fails the build with both names instead.
 */
export function guideSequence<T extends GuideEntry>(entries: readonly T[]): T[] {
  const rank = (entry: T) => guideTopics.indexOf(entry.data.topic);
  const sorted = [...entries].sort(
    (a, b) => rank(a) - rank(b) || a.data.order - b.data.order || a.id.localeCompare(b.id),
  );
  sorted.forEach((entry, i) => {
    const before = sorted[i - 1];
    if (before && before.data.topic === entry.data.topic && before.data.order === entry.data.order)
      throw new Error(
        `Guide pages "${before.id}" and "${entry.id}" both have order ${entry.data.order} in the topic "${entry.data.topic}"; give each its own.`,
      );
  });
  return sorted;
}

/** The topics that have pages, each with its pages, in reading order. */
export function guideGroups<T extends GuideEntry>(sequence: readonly T[]): GuideGroup<T>[] {
  return guideTopics
    .map((topic) => ({ topic, entries: sequence.filter((entry) => entry.data.topic === topic) }))
    .filter((group) => group.entries.length > 0);
}

/** The pages before and after `id` in reading order (none at either end). */
export function previousAndNext<T extends GuideEntry>(
  sequence: readonly T[],
  id: string,
): { previous: T | undefined; next: T | undefined } {
  const at = sequence.findIndex((entry) => entry.id === id);
  if (at === -1) return { previous: undefined, next: undefined };
  return { previous: sequence[at - 1], next: sequence[at + 1] };
}
