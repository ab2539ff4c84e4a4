/**
 * Turns one Pagefind fragment (a built page's indexed text) into a search index entry
 * whose passages are the page's heading sections. Pure, so it is unit-tested in Node.
 *
 * A fragment holds the page text as one string (block elements joined with ". ") and an anchor
 * for every element with an id, at a *word location*: the index of the word in that string split
 * on whitespace, exactly as Pagefind's own excerpts split it (`/[^\S\uFEFF]+/`). Headings with an
 * id start a passage; the text before the first one (the H1 and intro) is the first passage.
 */
import { routePath } from '../paths';
import type { SearchEntry, Section } from './rules';

/** The part of a Pagefind 1.x anchor we read. */
export interface PagefindAnchor {
  element: string;
  id: string;
  text?: string;
  location: number;
}

/** The part of Pagefind 1.x `result.data()` we read. */
export interface PagefindFragment {
  url: string;
  content: string;
  meta: Record<string, string | undefined>;
  anchors?: readonly PagefindAnchor[];
}

// Same separator Pagefind's build_excerpt uses, so our word indexes equal its locations.
const WORD_SEPARATOR = /[^\S\uFEFF]+/g;

/** The search index entry for one page: path, title and one passage per heading section. */
export function entryFromFragment(fragment: PagefindFragment): SearchEntry {
  const path = routePath(pathname(fragment.url));
  const title = fragment.meta['title']?.trim() || path;
  const content: string[] = [];
  const sections: (Section | undefined)[] = [];
  const starts = wordStarts(fragment.content);
  const cuts = headingCuts(fragment.anchors ?? [], starts, fragment.content.length);
  cuts.forEach((cut, i) => {
    const end = cuts[i + 1]?.at ?? fragment.content.length;
    const text = fragment.content.slice(cut.at, end).trim();
    if (!text) return;
    content.push(text);
    sections.push(cut.section);
  });
  return { page: path === '/' ? 'home' : path.slice(1), path, title, content, sections };
}

interface Cut {
  at: number;
  section?: Section;
}

// Only headings make sections: Pagefind also anchors any other element with an id.
function headingCuts(anchors: readonly PagefindAnchor[], starts: number[], length: number): Cut[] {
  const cuts: Cut[] = [{ at: 0 }];
  const headings = anchors
    .filter((a) => /^h[1-6]$/i.test(a.element) && a.id && a.text?.trim())
    .sort((a, b) => a.location - b.location);
  for (const anchor of headings) {
    const at = starts[anchor.location] ?? length;
    const section = { id: anchor.id, heading: (anchor.text ?? '').trim() };
    const last = cuts.at(-1);
    // A heading at the same place as the previous cut (e.g. an H1 with an id) replaces it.
    if (last && last.at === at) last.section = section;
    else cuts.push({ at, section });
  }
  return cuts;
}

// Start of every word as `content.split(WORD_SEPARATOR)` numbers them (Pagefind's own split).
function wordStarts(content: string): number[] {
  const starts = [0];
  for (const separator of content.matchAll(WORD_SEPARATOR)) {
    starts.push(separator.index + separator[0].length);
  }
  return starts;
}

// Pagefind may return an absolute URL when a base URL is configured.
function pathname(url: string): string {
  return new URL(url, 'https://pagefind.invalid').pathname;
}
