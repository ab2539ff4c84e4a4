/**
 * The order of search results' pages: navigation order (tabs, sidebar, footer), which a reader
 * expects, not Pagefind's internal page order. Applied once, when scripts/postbuild.mjs writes
 * /search-index.json, so the page itself needs none of the site's navigation.
 */
import { docsNav, footerNav, tabs } from '../../site.config.ts';
import { routePath } from '../paths.ts';

const navigation: readonly string[] = [...tabs, ...docsNav, ...footerNav].map((link) => link.href);

/**
 * `items` in navigation order by the page path `pathOf` gives (a built URL such as
 * `/installation.html` is read as its route). A page below a navigation entry, such as
 * `/guide/renumber-views` below `/guide`, follows that entry; the rest come last, by path.
 */
export function orderByNavigation<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  const rank = (path: string) => {
    const at = navigation.indexOf(path);
    if (at !== -1) return at;
    const parent = navigation.indexOf(path.replace(/\/[^/]*$/, ''));
    return parent === -1 ? navigation.length : parent + 0.5;
  };
  return items
    .map((item) => ({ item, path: routePath(pathOf(item)) }))
    .sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path))
    .map(({ item }) => item);
}
