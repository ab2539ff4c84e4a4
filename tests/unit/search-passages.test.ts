/** Passages derived from Pagefind 1.6 fragments (the shapes below were copied from a real build). */
import { describe, expect, it } from 'vitest';
import { entryFromFragment, type PagefindFragment } from '../../src/lib/search/passages';

const features: PagefindFragment = {
  url: '/features.html',
  content:
    'Features. Intro text about features. Renumber Views. Renumber views on a sheet by click sequence. Wipe Model. Purge proprietary information.',
  meta: { title: 'Features' },
  anchors: [
    { element: 'h2', id: 'renumber-views', text: 'Renumber Views', location: 5 },
    { element: 'h2', id: 'wipe-model', text: 'Wipe Model', location: 15 },
  ],
};

describe('entryFromFragment', () => {
  it('cuts the page text into the intro and one passage per heading with an id', () => {
    expect(entryFromFragment(features)).toEqual({
      page: 'features',
      path: '/features',
      title: 'Features',
      content: [
        'Features. Intro text about features.',
        'Renumber Views. Renumber views on a sheet by click sequence.',
        'Wipe Model. Purge proprietary information.',
      ],
      sections: [
        undefined,
        { id: 'renumber-views', heading: 'Renumber Views' },
        { id: 'wipe-model', heading: 'Wipe Model' },
      ],
    });
  });

  it('counts words the way Pagefind does, across punctuation, emoji and repeated spaces', () => {
    const entry = entryFromFragment({
      url: '/edge.html',
      content:
        'Edge. E-mail — $129 / year & more… 👷‍♀️ emoji  spaced\n out. Div with id. Section A. Line one.',
      meta: { title: 'Edge' },
      anchors: [
        { element: 'div', id: 'not-heading', text: 'Div with id.', location: 12 },
        { element: 'h2', id: 'a', text: 'Section A', location: 15 },
      ],
    });
    expect(entry.content).toEqual([
      'Edge. E-mail — $129 / year & more… 👷‍♀️ emoji  spaced\n out. Div with id.',
      'Section A. Line one.',
    ]);
  });

  it('lets an H1 with an id name the first passage instead of adding an empty one', () => {
    const entry = entryFromFragment({
      url: '/guide.html',
      content: 'Guide. Coming soon...',
      meta: { title: 'Guide' },
      anchors: [{ element: 'h1', id: 'top', text: 'Guide', location: 0 }],
    });
    expect(entry.content).toEqual(['Guide. Coming soon...']);
    expect(entry.sections).toEqual([{ id: 'top', heading: 'Guide' }]);
  });

  it('skips headings without text and keeps a page without anchors whole', () => {
    const withEmpty = entryFromFragment({
      ...features,
      anchors: [{ element: 'h2', id: 'empty', text: '', location: 5 }],
    });
    expect(withEmpty.content).toEqual([features.content]);
    const { anchors: _unused, ...withoutAnchors } = features;
    expect(entryFromFragment(withoutAnchors).content).toEqual([features.content]);
  });

  it('derives the site path from Pagefind URLs of every build format', () => {
    const path = (url: string) => entryFromFragment({ ...features, url }).path;
    expect(path('/')).toBe('/');
    expect(path('/features.html')).toBe('/features');
    expect(path('/features/')).toBe('/features');
    expect(path('https://sheetwright.example/refund-policy.html')).toBe('/refund-policy');
  });

  it('falls back to the path when the page has no title', () => {
    expect(entryFromFragment({ ...features, meta: {} }).title).toBe('/features');
  });
});
