/**
 * The installers, streamed from R2. GET /api/download: the one this account may have, signed in
 * by cookie or Bearer (a GET changes nothing, so no Origin check applies, middleware/auth).
 * GET /api/releases/download/:version?token=…: the update the plugin's check offered, through the
 * short-lived link that came with the offer (the plugin has no session). Both are declared in
 * src/contract/api/ (account-routes.ts, plugin-routes.ts).
 */
import type { Context } from 'hono';
import { downloadRoute } from '../../src/contract/api/account-routes';
import { installerLinkRoute } from '../../src/contract/api/plugin-routes';
import { ApiError, fail } from '../lib/errors';
import { declaredRoutes } from '../lib/openapi';
import { readSession, type AccountEnv } from '../middleware/auth';
import {
  installerFor,
  installerForLink,
  type InstallerChoice,
} from '../services/releases/downloads';

/**
 * A browser that follows a download link without a session is sent to sign in rather than shown
 * raw JSON; API clients (no text/html in Accept) get the 401 JSON answer.
 */
function wantsPage(c: Context<AccountEnv>): boolean {
  return c.req.header('Accept')?.includes('text/html') ?? false;
}

/** The request's session; null when a browser should be sent to /login; else throws 401. */
async function sessionOrLogin(c: Context<AccountEnv>) {
  try {
    const session = await readSession(c);
    if (session) return session;
  } catch (error) {
    // An expired or revoked session reads like no session to a browser: sign in again.
    if (!(error instanceof ApiError && error.status === 401 && wantsPage(c))) throw error;
  }
  if (wantsPage(c)) return null;
  throw fail('UNAUTHORIZED');
}

/** `attachment` with the plain file name (ours, ASCII only), so every browser saves it as named. */
function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

/** The download's headers, from the R2 object's metadata. */
function installerHeaders(object: R2Object, fileName: string): Headers {
  return new Headers({
    'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
    'Content-Disposition': attachment(fileName),
    'Content-Length': String(object.size),
    // Per-account answer (a trial gets its own version): never stored by a shared cache.
    'Cache-Control': 'private, no-store',
    ETag: object.httpEtag,
  });
}

/** The installer for a version we offer is not in the bucket: an operator must upload it. */
function missing(key: string): ApiError {
  console.error(`Installer ${key} is missing from the DOWNLOADS bucket`);
  return fail('DOWNLOAD_UNAVAILABLE');
}

/** The installer's answer: HEAD reads only the metadata; GET streams the body straight from R2. */
async function installerResponse(c: Context<AccountEnv>, choice: InstallerChoice) {
  if (c.req.method === 'HEAD') {
    const object = await c.env.DOWNLOADS.head(choice.key);
    if (!object) throw missing(choice.key);
    return new Response(null, { headers: installerHeaders(object, choice.fileName) });
  }
  const object = await c.env.DOWNLOADS.get(choice.key);
  if (!object) throw missing(choice.key);
  return new Response(object.body, { headers: installerHeaders(object, choice.fileName) });
}

/** The account's installer (HEAD, as for every GET route, reads the headers). */
export const downloadRoutes = declaredRoutes<AccountEnv>().openapi(downloadRoute, async (c) => {
  const session = await sessionOrLogin(c);
  if (!session) return c.redirect('/login', 302);
  return installerResponse(c, await installerFor(c.get('deps'), session.userId));
});

/** The plugin's link to an offered update (HEAD, as for every GET route, reads the headers). */
export const installerLinkRoutes = declaredRoutes<AccountEnv>().openapi(
  installerLinkRoute,
  async (c) => {
    const { version } = c.req.valid('param');
    const choice = await installerForLink(c.get('deps'), version, c.req.valid('query').token ?? '');
    return installerResponse(c, choice);
  },
);
