/**
 * The only script every page loads: the header search box (it goes to
 * /search?q= only for non-empty trimmed text) and the phone-width menu toggle. The DOWNLOAD
 * targets are rendered at build time from `downloadHref`; CSS shows the one for the auth state.
 */
export function searchUrl(raw: string): string | null {
  const query = raw.trim();
  return query ? `/search?q=${encodeURIComponent(query)}` : null;
}

/**
 * Where the header's DOWNLOAD button leads: signed in, to the dashboard's
 * download block (the installer comes from GET /api/download there); signed out, to the plans.
 */
export function downloadHref(signedIn: boolean): string {
  return signedIn ? '/dashboard#download' : '/pricing';
}

/**
 * Every search form (`data-search-form`, its input named `q`) goes to /search, only for non-empty
 * trimmed text; an empty box keeps the focus. Delegated from the document, so a form drawn later
 * (the search page's own box) follows the same rule without importing this file.
 */
function searchOnSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches('[data-search-form]')) return;
  event.preventDefault();
  const input = form.elements.namedItem('q') as HTMLInputElement;
  const url = searchUrl(input.value);
  if (url) window.location.assign(url);
  else input.focus();
}

/**
 * Runs on every page. Astro inlines it into the page (astro.config.mjs): a script file would be
 * one more request before the first paint on a slow phone.
 */
export function initHeader(doc: Document): void {
  doc.addEventListener('submit', searchOnSubmit);
  // On the results page the box shows what was searched, so it can be refined.
  const current = new URLSearchParams(window.location.search).get('q');
  const input = doc.querySelector<HTMLFormElement>('[data-search-form]')?.elements.namedItem('q');
  if (input instanceof HTMLInputElement && current && window.location.pathname === '/search') {
    input.value = current;
  }

  const toggle = doc.querySelector<HTMLButtonElement>('.menu-toggle');
  const menu = doc.getElementById('site-menu');
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    menu?.toggleAttribute('data-open', open);
  });
}
