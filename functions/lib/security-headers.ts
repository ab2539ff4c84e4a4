/**
 * The one source of our security headers. The Worker's middleware sets them on
 * its own answers; scripts/postbuild.mjs writes them into dist/_headers for the static pages,
 * which the assets layer serves without running the Worker.
 *
 * postbuild imports this file through Node's built-in type stripping, so it must stay
 * dependency-free and use erasable TypeScript only (no enums, namespaces or imports).
 */

/** Headers every response carries, whatever produced it. */
export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // payment=(self) keeps the Payment Request API open to our own pages only; the rest is unused.
  'Permissions-Policy':
    'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), accelerometer=(), gyroscope=(), magnetometer=(), display-capture=(), browsing-topics=()',
  // Legacy twin of frame-ancestors 'none' for browsers that ignore CSP framing rules.
  'X-Frame-Options': 'DENY',
  // Not plain same-origin: Google's sign-in popup must keep its opener to hand back the
  // credential (Google Identity Services setup guide); other windows still cannot reach ours.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

type Directives = Readonly<Record<string, readonly string[]>>;

/**
 * CSP of the static site. Astro inlines small island bootstrap scripts, so script-src also lists
 * the SHA-256 of each one (computed by postbuild); no WebAssembly runs (search reads one JSON
 * file of Pagefind's index, not Pagefind's runtime). 'unsafe-inline' styles cover Astro's scoped style attributes.
 * Outside services add only what their widgets load: Cloudflare Turnstile (script and
 * challenge iframe from challenges.cloudflare.com) and Google Identity Services (the gsi client
 * script, its button iframe, stylesheet and status calls under accounts.google.com/gsi/).
 */
const siteDirectives: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'connect-src': ["'self'", 'https://accounts.google.com/gsi/'],
  'font-src': ["'self'"],
  'frame-src': ['https://challenges.cloudflare.com', 'https://accounts.google.com/gsi/'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'", 'mailto:'],
};

/** Script origins of the outside services' widgets, listed after the inline-script hashes. */
const thirdPartyScripts: readonly string[] = [
  'https://challenges.cloudflare.com',
  'https://accounts.google.com/gsi/client',
];

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** CSP for the built pages, allowing exactly the given inline scripts ('sha256-…' sources). */
export function siteCsp(inlineScriptHashes: readonly string[] = []): string {
  const scriptSrc = siteDirectives['script-src'] ?? [];
  return serialize({
    ...siteDirectives,
    'script-src': [...scriptSrc, ...inlineScriptHashes, ...thirdPartyScripts],
  });
}

/** CSP for other HTML the Worker renders (dev pages set their stricter own): no inline scripts. */
export const workerHtmlCsp: string = siteCsp();

/** CSP for JSON and other non-HTML Worker answers: nothing may load, nothing may frame it. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'";

/** Long-lived caching for Astro's content-hashed build output (file names change on edit). */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
