/** Search rules: the /search page's script and its rules read them (src/lib/search/rules.ts). */
export const search = {
  delayMs: 300,
  /** Results follow the page's own box as the visitor types, this long after the last key. */
  typingDelayMs: 200,
  minQueryLength: 2,
  minWordLength: 2,
  snippetThreshold: 200,
  snippetBefore: 50,
  snippetAfter: 150,
  /** A page is listed once, with at most this many of its matching passages (the best first). */
  passagesPerPage: 3,
} as const;
