/**
 * The product's search rules (docs/editing-content.md, "Search") and the search result shape, on
 * the pure engine.
 */
import { describe, expect, it } from 'vitest';
import {
  groupByPage,
  highlight,
  matchPassage,
  queryWords,
  searchEntries,
  snippetFor,
  snippetText,
  type SearchEntry,
} from '../../src/lib/search/rules';
import { search } from '../../src/site.config';

const features: SearchEntry = {
  page: 'features',
  path: '/features',
  title: 'Features',
  content: [
    'Features. All plans include every feature.',
    'Renumber Views. Renumber views on a sheet.',
    'Wipe Model. Purge it.',
  ],
  sections: [
    undefined,
    { id: 'renumber-views', heading: 'Renumber Views' },
    { id: 'wipe-model', heading: 'Wipe Model' },
  ],
};
const pricing: SearchEntry = {
  page: 'pricing',
  path: '/pricing',
  title: 'Pricing',
  content: ['Standard is $129 per year.', 'The trial lasts 15 days.'],
};

/** A passage of `length` characters ('.') with `word` at `at`. */
function passage(length: number, word: string, at: number): string {
  return '.'.repeat(at) + word + '.'.repeat(length - at - word.length);
}

describe('queryWords', () => {
  it('returns no words for an empty query or one under 2 characters after trimming', () => {
    expect(queryWords('')).toEqual([]);
    expect(queryWords('a')).toEqual([]);
    expect(queryWords('   b   ')).toEqual([]);
  });

  it('splits on spaces and ignores words of 1 character', () => {
    expect(queryWords('a renumber')).toEqual(['renumber']);
    expect(queryWords('  renumber   a  views ')).toEqual(['renumber', 'views']);
    expect(queryWords('a b c')).toEqual([]);
  });

  it('keeps a word of exactly the minimum length, two letters, and drops a shorter one', () => {
    expect(queryWords('of')).toEqual(['of']);
    expect(queryWords('o')).toEqual([]);
  });

  it('drops a repeated word whatever its case', () => {
    expect(queryWords('View view VIEW')).toEqual(['View']);
  });
});

describe('matchPassage', () => {
  it('matches a case-insensitive substring inside a word', () => {
    expect(matchPassage('Renumber Views', ['number'])).toBe(true);
    expect(matchPassage('Renumber Views', ['NUMBER'])).toBe(true);
    expect(matchPassage('renumber views', ['ReNuMbEr'])).toBe(true);
  });

  it('counts a passage when any one of the words matches', () => {
    expect(matchPassage('Wipe Model', ['zebra', 'model'])).toBe(true);
    expect(matchPassage('Wipe Model', ['zebra', 'lion'])).toBe(false);
  });

  it('matches nothing without words', () => {
    expect(matchPassage('Wipe Model', [])).toBe(false);
  });

  it('treats regular expression characters in a word literally', () => {
    expect(matchPassage('Standard is $129 per year.', ['$129'])).toBe(true);
    expect(matchPassage('version 1.0.0', ['1.0'])).toBe(true);
    expect(matchPassage('version 1x0x0', ['1.0'])).toBe(false);
    expect(matchPassage('a (b) c', ['(b)'])).toBe(true);
  });
});

describe('snippetFor', () => {
  it('shows a passage of exactly 200 characters whole, without ellipses', () => {
    const text = passage(200, 'needle', 150);
    expect(snippetFor(text, ['needle'])).toEqual({ text, cutStart: false, cutEnd: false });
  });

  it('cuts a passage of 201 characters from 50 before to 150 after the match start', () => {
    const text = passage(201, 'needle', 100);
    const snippet = snippetFor(text, ['needle']);
    expect(snippet.text).toBe(text.slice(50, 201));
    expect(snippet.cutStart).toBe(true);
    expect(snippet.cutEnd).toBe(false);
  });

  it('cuts both ends of a long passage with the match in the middle', () => {
    const text = passage(1000, 'needle', 500);
    const snippet = snippetFor(text, ['needle']);
    expect(snippet.text).toBe(text.slice(450, 650));
    expect(snippet.text.indexOf('needle')).toBe(search.snippetBefore);
    expect(snippet.text).toHaveLength(search.snippetBefore + search.snippetAfter);
    expect(snippetText(snippet)).toBe(`…${text.slice(450, 650)}…`);
  });

  it('starts at the passage start without a leading ellipsis when the match is near the start', () => {
    for (const at of [0, 10, 50]) {
      const text = passage(400, 'needle', at);
      const snippet = snippetFor(text, ['needle']);
      expect(snippet.text).toBe(text.slice(0, at + 150));
      expect(snippet.cutStart).toBe(false);
      expect(snippet.cutEnd).toBe(true);
    }
  });

  it('puts a leading ellipsis once the match is more than 50 characters in', () => {
    const text = passage(400, 'needle', 51);
    const snippet = snippetFor(text, ['needle']);
    expect(snippet.text).toBe(text.slice(1, 201));
    expect(snippet.cutStart).toBe(true);
  });

  it('ends at the passage end without a trailing ellipsis when the match is near the end', () => {
    const text = passage(400, 'needle', 394);
    const snippet = snippetFor(text, ['needle']);
    expect(snippet.text).toBe(text.slice(344));
    expect(snippet.cutStart).toBe(true);
    expect(snippet.cutEnd).toBe(false);
    expect(snippetText(snippet)).toBe(`…${text.slice(344)}`);
  });

  it('has no trailing ellipsis when the window ends exactly at the passage end', () => {
    const text = passage(400, 'needle', 250);
    expect(snippetFor(text, ['needle'])).toEqual({
      text: text.slice(200),
      cutStart: true,
      cutEnd: false,
    });
  });

  it('centres on the earliest match of any word, case-insensitively', () => {
    const text = `${'.'.repeat(100)}Early${'.'.repeat(295)}LATER${'.'.repeat(200)}`;
    const snippet = snippetFor(text, ['later', 'early']);
    expect(snippet.text).toBe(text.slice(50, 250));
  });

  it('never splits an emoji (a surrogate pair) at a cut', () => {
    const text = `${'.'.repeat(49)}👷${'.'.repeat(49)}needle${'.'.repeat(300)}`;
    const snippet = snippetFor(text, ['needle']);
    expect(snippet.text.startsWith('👷')).toBe(true);
  });
});

describe('highlight', () => {
  it('marks every occurrence of every word, case-insensitively', () => {
    expect(highlight('Renumber views; VIEW the sheet', ['view', 'sheet'])).toEqual([
      { text: 'Renumber ', match: false },
      { text: 'view', match: true },
      { text: 's; ', match: false },
      { text: 'VIEW', match: true },
      { text: ' the ', match: false },
      { text: 'sheet', match: true },
    ]);
  });

  it('joins overlapping matches of different words into one mark', () => {
    expect(highlight('Renumber', ['renum', 'number'])).toEqual([{ text: 'Renumber', match: true }]);
  });

  it('joins overlapping occurrences of the same word into one mark', () => {
    expect(highlight('xaaay', ['aa'])).toEqual([
      { text: 'x', match: false },
      { text: 'aaa', match: true },
      { text: 'y', match: false },
    ]);
  });

  it('joins adjacent matches into one mark', () => {
    expect(highlight('sheetnotes!', ['sheet', 'notes'])).toEqual([
      { text: 'sheetnotes', match: true },
      { text: '!', match: false },
    ]);
  });

  it('returns the text unmarked when nothing matches', () => {
    expect(highlight('Wipe Model', ['zebra'])).toEqual([{ text: 'Wipe Model', match: false }]);
  });

  it('keeps markup in the text as plain text, never as HTML', () => {
    const segments = highlight('Use <script>alert("x")</script> here', ['script']);
    expect(segments.map((s) => s.text).join('')).toBe('Use <script>alert("x")</script> here');
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['script', 'script']);
    expect(segments.some((s) => s.text.includes('<mark>'))).toBe(false);
  });
});

describe('searchEntries', () => {
  it('finds nothing for a query under 2 characters', () => {
    expect(searchEntries([features, pricing], 'e')).toEqual([]);
    expect(searchEntries([features, pricing], ' v ')).toEqual([]);
  });

  it('ignores 1-character words, so "a renumber" equals "renumber"', () => {
    expect(searchEntries([features], 'a renumber')).toEqual(searchEntries([features], 'renumber'));
    expect(searchEntries([features], 'a renumber')).toHaveLength(1);
  });

  it('finds "Renumber Views" with the substring NUMBER', () => {
    const [result] = searchEntries([features], 'NUMBER');
    expect(result?.originalText).toBe('Renumber Views. Renumber views on a sheet.');
  });

  it('returns one result per matching passage with the result fields and the section anchor', () => {
    expect(searchEntries([features, pricing], 'model trial')).toEqual([
      {
        page: 'features',
        path: '/features',
        title: 'Features',
        snippet: { text: 'Wipe Model. Purge it.', cutStart: false, cutEnd: false },
        originalText: 'Wipe Model. Purge it.',
        anchor: 'wipe-model',
        section: 'Wipe Model',
      },
      {
        page: 'pricing',
        path: '/pricing',
        title: 'Pricing',
        snippet: { text: 'The trial lasts 15 days.', cutStart: false, cutEnd: false },
        originalText: 'The trial lasts 15 days.',
      },
    ]);
  });

  it('keeps entry order, then passage order', () => {
    const results = searchEntries([pricing, features], 'sheet days in it');
    expect(results.map((r) => `${r.page}: ${r.originalText}`)).toEqual([
      'pricing: The trial lasts 15 days.',
      'features: Features. All plans include every feature.',
      'features: Renumber Views. Renumber views on a sheet.',
      'features: Wipe Model. Purge it.',
    ]);
  });

  it('cuts long passages into snippets while keeping the original text', () => {
    const long = passage(500, 'Schedule', 300);
    const [result] = searchEntries(
      [{ page: 'p', path: '/p', title: 'P', content: [long] }],
      'schedule',
    );
    expect(result?.originalText).toBe(long);
    expect(result?.snippet).toEqual({ text: long.slice(250, 450), cutStart: true, cutEnd: true });
  });
});

describe('result order', () => {
  it('puts passages that contain more of the query words first and keeps page order for ties', () => {
    const entries = [
      { page: 'A', path: '/a', title: 'A', content: ['only sheet here', 'renumber only'] },
      { page: 'B', path: '/b', title: 'B', content: ['renumber views on a sheet'] },
    ];
    const results = searchEntries(entries, 'renumber sheet');
    expect(results.map((r) => r.originalText)).toEqual([
      'renumber views on a sheet',
      'only sheet here',
      'renumber only',
    ]);
  });
});

describe('groupByPage', () => {
  const entries = [
    {
      page: 'A',
      path: '/a',
      title: 'A',
      content: ['sheet one', 'renumber sheet two', 'sheet three', 'sheet four', 'sheet five'],
    },
    { page: 'B', path: '/b', title: 'B', content: ['renumber views on a sheet'] },
  ];

  it('lists each page once, in the order of its best passage, with its best passages', () => {
    const pages = groupByPage(searchEntries(entries, 'renumber sheet'), ['renumber', 'sheet']);
    expect(pages.map((p) => [p.path, p.passages.map((r) => r.originalText)])).toEqual([
      ['/a', ['renumber sheet two', 'sheet one', 'sheet three']],
      ['/b', ['renumber views on a sheet']],
    ]);
  });

  it('keeps at most the configured number of passages a page', () => {
    expect(search.passagesPerPage).toBe(3);
    expect(groupByPage(searchEntries(entries, 'sheet'), ['sheet'], 2)[0]?.passages).toHaveLength(2);
  });

  it('puts pages whose title holds the query first', () => {
    const withTitle = [
      ...entries,
      { page: 'C', path: '/c', title: 'Sheet Notes', content: ['sheet'] },
    ];
    const pages = groupByPage(searchEntries(withTitle, 'sheet'), ['sheet']);
    expect(pages.map((p) => p.path)).toEqual(['/c', '/a', '/b']);
  });

  it('has no pages without results', () => {
    expect(groupByPage([], ['sheet'])).toEqual([]);
  });
});
