/**
 * The /search?q= page without a framework (React's runtime alone was over the page's 30 KB
 * budget, docs/performance.md). The query exists only in the browser, so the server-rendered
 * first paint is 'Searching...' (src/pages/search.astro); this script decides the rest:
 * - no query: the heading becomes 'Search' and the page's own search box waits for words;
 * - otherwise, after the search delay *and* the index load, the summary, the count and either the
 *   results, the No results block or the unavailable message.
 * The page's box searches as the visitor types: `search.typingDelayMs` after the last key, the
 * results are replaced (the address follows with ?q=, so Back and a shared link give the same
 * page); Enter searches at once. Arrow keys move from the box through the results' titles and
 * back, Enter opens the one focused.
 * The static blocks (No results, unavailable) are `<template>`s in the page; results are
 * built here with `createElement` and `createTextNode` only, never HTML, so page text and the
 * query stay text. The search rules themselves are in `lib/search/rules.ts`.
 */
import { loadSearchEntries } from '../lib/search/pagefind-source';
import {
  ELLIPSIS,
  groupByPage,
  highlight,
  queryWords,
  searchEntries,
  type PageResult,
  type SearchEntry,
  type SearchResult,
} from '../lib/search/rules';
import { search } from '../config/search';

/** What the page shows once the delay is over. */
export type SearchOutcome =
  | { kind: 'results'; query: string; words: string[]; results: PageResult[] }
  | { kind: 'unavailable'; query: string };

export interface SearchDeps {
  load: () => Promise<SearchEntry[]>;
  wait: (ms: number) => Promise<unknown>;
}

const browserDeps: SearchDeps = {
  load: loadSearchEntries,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The trimmed `q` of a location's query string; empty means "show the prompt". */
export function queryFrom(locationSearch: string): string {
  return (new URLSearchParams(locationSearch).get('q') ?? '').trim();
}

/**
 * 'Searching...' for `search.delayMs` (300 ms). The engine runs only once that delay has passed
 * *and* the index is loaded; a failed load also waits, so the page never flickers between states.
 * `wait: false` (a search as the visitor types, whose pause was the delay) skips it.
 */
export async function runSearch(
  query: string,
  deps: SearchDeps = browserDeps,
  { wait = true }: { wait?: boolean } = {},
): Promise<SearchOutcome> {
  const words = queryWords(query);
  // A query with no usable words has no results; it needs no index.
  const entries = words.length > 0 ? deps.load() : Promise.resolve([]);
  const [loaded] = await Promise.all([
    entries.catch((error: unknown) => {
      console.error('Search index could not be loaded', error);
      return null;
    }),
    wait ? deps.wait(search.delayMs) : undefined,
  ]);
  if (!loaded) return { kind: 'unavailable', query };
  return {
    kind: 'results',
    query,
    words,
    results: groupByPage(searchEntries(loaded, query), words),
  };
}

/** The address of the page for a query: /search?q=…, or /search for none. */
export function searchPath(query: string): string {
  return query ? `/search?q=${encodeURIComponent(query)}` : '/search';
}

/**
 * Where an arrow key moves from the item at `index` (-1: the search box) among `count` results:
 * down to the next, up to the one before or back to the box; null when it stays put.
 */
export function arrowTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return index + 1 < count ? index + 1 : null;
  if (key === 'ArrowUp') return index >= 0 ? index - 1 : null;
  return null;
}

/** Where a result links: its page, at its section when it has one. */
export function resultHref(result: SearchResult): string {
  return result.anchor ? `${result.path}#${encodeURIComponent(result.anchor)}` : result.path;
}

/** The section named after the title; the intro passage's heading is the title itself, so none. */
export function resultSection(result: SearchResult): string | undefined {
  return result.section && result.section !== result.title ? result.section : undefined;
}

/** Runs the page; anything that throws shows the generic error screen with the error's text. */
export function initSearchPage(doc: Document): void {
  const root = doc.querySelector<HTMLElement>('[data-search-page]');
  if (!root) return;
  const fail = (error: unknown) => showError(root, error);
  try {
    const box = part(root, 'input') as HTMLInputElement;
    // What the visitor typed before the script ran wins over the address.
    const query = box.value.trim() || queryFrom(window.location.search);
    if (!box.value.trim()) box.value = query;
    /** Each search counts; an answer that arrives after a newer search began is dropped. */
    let latest = 0;
    const show = (text: string, wait: boolean) => {
      const asked = (latest += 1);
      if (!text) return showIdle(root);
      part(root, 'heading').textContent = 'Search Results';
      runSearch(text, browserDeps, { wait })
        .then((outcome) => {
          if (asked === latest) showOutcome(root, outcome);
        })
        .catch(fail);
    };
    followTyping(root, box, (text) => {
      window.history.replaceState(null, '', searchPath(text));
      show(text, false);
    });
    if (query) show(query, true);
    else showIdle(root);
  } catch (error) {
    fail(error);
  }
}

/**
 * The page's box: a search `search.typingDelayMs` after the last key, at once on Enter (never a
 * new page load), and the arrow keys into the results.
 */
function followTyping(root: HTMLElement, box: HTMLInputElement, onSearch: (text: string) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let searched = box.value.trim();
  const now = () => {
    clearTimeout(timer);
    const text = box.value.trim();
    if (text === searched) return;
    searched = text;
    onSearch(text);
  };
  box.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(now, search.typingDelayMs);
  });
  box.form?.addEventListener('submit', (event) => {
    // Handled here, before the header's rule for every search form turns it into a page load.
    event.preventDefault();
    event.stopPropagation();
    now();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...root.querySelectorAll<HTMLAnchorElement>('.search-result-title a')];
    const from = event.target === box ? -1 : links.indexOf(event.target as HTMLAnchorElement);
    if (from === -1 && event.target !== box) return;
    const to = arrowTarget(event.key, from, links.length);
    if (to === null) return;
    event.preventDefault();
    (to === -1 ? box : links[to])?.focus();
  });
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  add(node, ...children);
  return node;
}

/** Appends nodes, and strings as Text nodes: page text and the query are never parsed as HTML. */
function add(parent: Node, ...children: (Node | string)[]): void {
  for (const child of children) {
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

function part(root: HTMLElement, name: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[data-search-${name}]`);
  if (!found) throw new Error(`The search page has no ${name} element`);
  return found;
}

function fromTemplate(root: HTMLElement, name: string): DocumentFragment {
  return (part(root, name) as HTMLTemplateElement).content.cloneNode(true) as DocumentFragment;
}

/** No query: the heading invites a search, and nothing is listed. */
function showIdle(root: HTMLElement): void {
  part(root, 'heading').textContent = 'Search';
  part(root, 'summary').replaceChildren();
  root.querySelector('.search-results')?.remove();
}

function showOutcome(root: HTMLElement, outcome: SearchOutcome): void {
  const summary = part(root, 'summary');
  root.querySelector('.search-results')?.remove();
  const lines: Node[] = [el('p', '', `You searched for: "${outcome.query}"`)];
  if (outcome.kind === 'unavailable') lines.push(fromTemplate(root, 'unavailable'));
  else {
    const count = outcome.results.length;
    lines.push(el('p', 'search-count', `${count} result(s) found`));
    if (count === 0) lines.push(fromTemplate(root, 'empty'));
    // The list stays out of the live summary so it is not read aloud whole.
    else
      summary.parentNode?.insertBefore(
        resultList(outcome.results, outcome.words),
        summary.nextSibling,
      );
  }
  summary.replaceChildren(...lines);
}

function resultList(results: readonly PageResult[], words: readonly string[]): HTMLElement {
  return el('ol', 'search-results', ...results.map((result) => resultItem(result, words)));
}

/** A page: its title, then each of its best passages (section and snippet), then its path. */
function resultItem(result: PageResult, words: readonly string[]): HTMLElement {
  const titleLink = el('a', '', result.title);
  titleLink.href = result.path;
  const passages = el(
    'ul',
    'search-result-passages',
    ...result.passages.map((p) => passage(p, words)),
  );
  const pathLink = el('a', 'search-result-path', result.path);
  pathLink.href = result.path;
  return el('li', 'search-result', el('h2', 'search-result-title', titleLink), passages, pathLink);
}

function passage(result: SearchResult, words: readonly string[]): HTMLElement {
  const item = el('li', 'search-result-passage');
  const section = resultSection(result);
  if (section) {
    const sectionLink = el('a', 'search-result-section', section);
    sectionLink.href = resultHref(result);
    add(item, sectionLink);
  }
  const { snippet } = result;
  const text = el('p', 'search-result-snippet');
  if (snippet.cutStart) add(text, ELLIPSIS);
  for (const segment of highlight(snippet.text, words)) {
    add(text, segment.match ? el('mark', '', segment.text) : segment.text);
  }
  if (snippet.cutEnd) add(text, ELLIPSIS);
  add(item, text);
  return item;
}

function showError(root: HTMLElement, error: unknown): void {
  console.error('Search page failed', error);
  const message = error instanceof Error ? error.message || String(error) : String(error);
  const alert = el(
    'div',
    'island-error',
    el('h2', '', 'Unexpected Application Error!'),
    el('p', '', message),
  );
  alert.setAttribute('role', 'alert');
  root.replaceChildren(alert);
}
