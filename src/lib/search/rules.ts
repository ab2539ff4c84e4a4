/**
 * The site search engine: index entries, results and the product's search rules, with their
 * numbers in `search` of site.config (docs/editing-content.md, "Search").
 *
 * How it fits together:
 * - Pagefind indexes every `data-pagefind-body` article at build time. Its own matching is by word
 *   prefix and stem, which is not our rule (case-insensitive *substring*: `number` must find
 *   "Renumber Views"), so we use Pagefind only as the store of the built site's text.
 * - `pagefind-source.ts` loads every page's text once per page view (one JSON file the build
 *   packs from Pagefind's fragments) and `passages.ts` cuts each page's text into passages at its headings, using the word
 *   locations of Pagefind's heading anchors, so a result can link to its section.
 * - This file holds our rules, pure and framework-free, so they are unit-tested in Node.
 *
 * "Characters" are UTF-16 code units (String.length); snippet cuts never split a surrogate pair.
 * Highlights are returned as segments, never HTML, so page text such as `<script>` stays text.
 */
import { search as rules } from '../../config/search';

/** A heading section of a page: its anchor id and heading text. */
export interface Section {
  id: string;
  heading: string;
}

/** One page of the search index; `sections[i]`, when known, is the section of `content[i]`. */
export interface SearchEntry {
  page: string;
  /** Site path of the page, e.g. `/features`. */
  path: string;
  title: string;
  /** The page's text passages. */
  content: readonly string[];
  sections?: readonly (Section | undefined)[];
}

/** A passage cut to its snippet window; the flags say where an ellipsis belongs. */
export interface Snippet {
  text: string;
  cutStart: boolean;
  cutEnd: boolean;
}

/** A search result: one per matching passage. */
export interface SearchResult {
  page: string;
  path: string;
  title: string;
  snippet: Snippet;
  originalText: string;
  /** Id of the passage's heading, for a link to `path#anchor`. */
  anchor?: string;
  /** Text of the passage's heading. */
  section?: string;
}

/** A page with matching passages, as /search lists it: once, with its best passages. */
export interface PageResult {
  page: string;
  path: string;
  title: string;
  /** Its best passages, best first: at most `passagesPerPage`. */
  passages: SearchResult[];
}

/** A run of snippet text; `match` runs are shown in `<mark>`. */
export interface Segment {
  text: string;
  match: boolean;
}

/** The ellipsis shown where a snippet was cut ("…"; "..." would do as well). */
export const ELLIPSIS = '…';

/** No words for a trimmed query under 2 characters; split on spaces; 1-character words ignored. */
export function queryWords(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed.length < rules.minQueryLength) return [];
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of trimmed.split(/\s+/)) {
    const key = word.toLowerCase();
    if (word.length < rules.minWordLength || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

/** A passage counts if any word occurs in it as a case-insensitive substring. */
export function matchPassage(text: string, words: readonly string[]): boolean {
  return firstMatch(text, patterns(words)) !== -1;
}

/** Passages over 200 characters are cut from 50 before to 150 after the first match. */
export function snippetFor(text: string, words: readonly string[]): Snippet {
  return cutSnippet(text, firstMatch(text, patterns(words)));
}

/** Splits `text` into plain and matched runs; overlapping or touching matches form one run. */
export function highlight(text: string, words: readonly string[]): Segment[] {
  const ranges = mergeRanges(allMatches(text, patterns(words)));
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/** Runs the query over every passage of every entry, keeping entry and passage order. */
export function searchEntries(entries: readonly SearchEntry[], query: string): SearchResult[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const compiled = patterns(words);
  const ranked: Array<{ result: SearchResult; wordsMatched: number; order: number }> = [];
  for (const entry of entries) {
    entry.content.forEach((passage, i) => {
      const at = firstMatch(passage, compiled);
      if (at === -1) return;
      const { page, path, title } = entry;
      const section = entry.sections?.[i];
      ranked.push({
        result: {
          page,
          path,
          title,
          snippet: cutSnippet(passage, at),
          originalText: passage,
          ...(section && { anchor: section.id, section: section.heading }),
        },
        wordsMatched: distinctWordsMatched(passage, compiled),
        order: ranked.length,
      });
    });
  }
  // The rules decide which passages match, not their order: passages that contain more of the
  // query's words come first, ties keep the site's page order.
  ranked.sort((a, b) => b.wordsMatched - a.wordsMatched || a.order - b.order);
  return ranked.map((r) => r.result);
}

/**
 * The results as /search lists them: each page once, with its best `passagesPerPage` passages (a
 * page that mentions a word 40 times is one result, not 40). Pages whose title holds more of the
 * query's words come first (a search for "renumber" opens on Renumber Views); the rest keep the
 * order of their best passage.
 */
export function groupByPage(
  results: readonly SearchResult[],
  words: readonly string[],
  perPage: number = rules.passagesPerPage,
): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const result of results) {
    const found = pages.get(result.path);
    if (!found) {
      const { page, path, title } = result;
      pages.set(path, { page, path, title, passages: [result] });
    } else if (found.passages.length < perPage) found.passages.push(result);
  }
  const compiled = patterns(words);
  return [...pages.values()]
    .map((page, order) => ({ page, order, inTitle: distinctWordsMatched(page.title, compiled) }))
    .sort((a, b) => b.inTitle - a.inTitle || a.order - b.order)
    .map(({ page }) => page);
}

function distinctWordsMatched(text: string, compiled: readonly RegExp[]): number {
  return compiled.filter((pattern) => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  }).length;
}

/** The snippet as one string, with the ellipses where it was cut. */
export function snippetText(snippet: Snippet): string {
  return `${snippet.cutStart ? ELLIPSIS : ''}${snippet.text}${snippet.cutEnd ? ELLIPSIS : ''}`;
}

// The `u` flag gives Unicode case folding; with `i` alone some letters would not fold.
function patterns(words: readonly string[]): RegExp[] {
  return words.map((word) => new RegExp(word.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'giu'));
}

function firstMatch(text: string, compiled: readonly RegExp[]): number {
  let first = -1;
  for (const pattern of compiled) {
    pattern.lastIndex = 0;
    const found = pattern.exec(text);
    if (found && (first === -1 || found.index < first)) first = found.index;
  }
  return first;
}

// Every occurrence, overlapping ones included ("aa" in "aaa" is at 0 and 1), so no match is unmarked.
function allMatches(text: string, compiled: readonly RegExp[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const pattern of compiled) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      ranges.push([found.index, found.index + found[0].length]);
      pattern.lastIndex = found.index + 1;
    }
  }
  return ranges;
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function cutSnippet(text: string, matchAt: number): Snippet {
  if (text.length <= rules.snippetThreshold) return { text, cutStart: false, cutEnd: false };
  // Without a match (not reachable from searchEntries) the window starts at the passage start.
  const at = Math.max(0, matchAt);
  let start = Math.max(0, at - rules.snippetBefore);
  let end = Math.min(text.length, at + rules.snippetAfter);
  if (isLowSurrogate(text, start)) start -= 1;
  if (isLowSurrogate(text, end)) end += 1;
  return { text: text.slice(start, end), cutStart: start > 0, cutEnd: end < text.length };
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}
