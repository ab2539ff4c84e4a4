/**
 * The /search?q= page without a framework (React's runtime alone was over the page's 30 KB
 * budget, docs/performance.md). The query exists only in the browser, so the server-rendered
 * first paint is 'Searching...' (src/pages/search.astro); this script decides the rest:
 * - no query: the heading becomes 'Search' and the page offers its own search box;
 * - otherwise, after the search delay *and* the index load, the summary, the count and either the
 *   results, the No results block or the unavailable message.
 * The static blocks (prompt, No results, unavailable) are `<template>`s in the page; results are
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
 */
export async function runSearch(
  query: string,
  deps: SearchDeps = browserDeps,
): Promise<SearchOutcome> {
  const words = queryWords(query);
  // A query with no usable words has no results; it needs no index.
  const entries = words.length > 0 ? deps.load() : Promise.resolve([]);
  const [loaded] = await Promise.all([
    entries.catch((error: unknown) => {
      console.error('Search index could not be loaded', error);
      return null;
    }),
    deps.wait(search.delayMs),
  ]);
  if (!loaded) return { kind: 'unavailable', query };
  return {
    kind: 'results',
    query,
    words,
    results: groupByPage(searchEntries(loaded, query), words),
  };
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
    const query = queryFrom(window.location.search);
    if (!query) return showPrompt(root);
    runSearch(query)
      .then((outcome) => showOutcome(root, outcome))
      .catch(fail);
  } catch (error) {
    fail(error);
  }
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

function showPrompt(root: HTMLElement): void {
  part(root, 'heading').textContent = 'Search';
  // Its form is a `data-search-form`: the header script gives it the header box's rule.
  const prompt = fromTemplate(root, 'prompt');
  part(root, 'summary').replaceWith(prompt);
}

function showOutcome(root: HTMLElement, outcome: SearchOutcome): void {
  const summary = part(root, 'summary');
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
