/** Normalizes a page URL path to the route form used by navigation (`/pricing`, `/`). */
export function routePath(pathname: string): string {
  const path = pathname
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/(.)\/+$/, '$1');
  return path === '' ? '/' : path;
}
