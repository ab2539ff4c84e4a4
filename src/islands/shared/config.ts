/**
 * Public settings of the outside services, from GET /api/config: which bot check and
 * which Google sign-in to use, with their public keys. Fetched once per page. Parsed by hand
 * rather than with zod so the small contact-form script on /about does not ship a schema library.
 */

export interface PublicConfig {
  environment: string;
  botCheck: { mode: 'turnstile' | 'local'; siteKey: string | null };
  google: { mode: 'gis' | 'local'; clientId: string | null };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Reads the config answer; unknown modes fall back to the production services. */
export function parsePublicConfig(json: unknown): PublicConfig {
  const body = record(json);
  const botCheck = record(body['botCheck']);
  const google = record(body['google']);
  return {
    environment: text(body['environment']) ?? 'production',
    botCheck: {
      mode: botCheck['mode'] === 'local' ? 'local' : 'turnstile',
      siteKey: text(botCheck['siteKey']),
    },
    google: {
      mode: google['mode'] === 'local' ? 'local' : 'gis',
      clientId: text(google['clientId']),
    },
  };
}

let pending: Promise<PublicConfig> | null = null;

/** The public config; a failed fetch is retried by the next caller instead of being cached. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= fetch('/api/config', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
      return parsePublicConfig(await response.json());
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** Loads a third-party script once (Turnstile, Google Identity Services). */
const scripts = new Map<string, Promise<void>>();
export function loadScript(src: string): Promise<void> {
  let promise = scripts.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        scripts.delete(src);
        reject(new Error(`Could not load ${src}`));
      });
      document.head.appendChild(script);
    });
    scripts.set(src, promise);
  }
  return promise;
}
