/** Passages derived from Pagefind 1.6 fragments (the shapes below were copied from a real build). */
import { describe, expect, it } from 'vitest';
import { orderByNavigation } from '../../src/lib/search/order';
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
      url: '/guide/video-tutorials.html',
      content: 'Video tutorials. Coming soon...',
      meta: { title: 'Video tutorials' },
      anchors: [{ element: 'h1', id: 'top', text: 'Video tutorials', location: 0 }],
    });
    expect(entry.content).toEqual(['Video tutorials. Coming soon...']);
    expect(entry.sections).toEqual([{ id: 'top', heading: 'Video tutorials' }]);
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

describe('orderByNavigation', () => {
  // Built URLs, as the index's fragments carry them.
  const order = (urls: string[]) => orderByNavigation(urls, (url) => url);

  it('lists pages in the order of the tabs, the sidebar and the footer', () => {
    expect(order(['/faq.html', '/privacy.html', '/pricing.html', '/overview.html'])).toEqual([
      '/overview.html',
      '/pricing.html',
      '/faq.html',
      '/privacy.html',
    ]);
  });

  it('puts the pages below a section right after it, and unknown pages last', () => {
    const paths = order([
      '/elsewhere',
      '/guide/wipe-model.html',
      '/about',
      '/guide.html',
      '/guide/cad-import.html',
      '/pricing.html',
    ]).map((url) => url.replace(/\.html$/, ''));
    expect(paths).toEqual([
      '/pricing',
      '/guide',
      '/guide/cad-import',
      '/guide/wipe-model',
      '/about',
      '/elsewhere',
    ]);
  });
});
