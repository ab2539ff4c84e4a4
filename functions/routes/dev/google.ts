/**
 * /dev/google: the local stand-in for Google's consent screen. The islands send the
 * browser here with `return_to` (a path on this site); Continue answers a redirect to
 * `return_to#google_credential=<ID token>`, Cancel to `return_to#google_error=access_denied`,
 * mirroring the implicit flow the product uses. The token is in the fragment, so it
 * never reaches a server log. /dev/google/jwks publishes the public key that verifies it.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import {
  issueLocalGoogleToken,
  localGoogleKey,
  localGoogleJwks,
  type LocalGoogleKey,
} from '../../adapters/identity-local';
import type { AppEnv } from '../../env';
import { devPage } from './page';

/** Where to go when the caller gave no return_to: the login page, which handles both answers. */
const DEFAULT_RETURN_TO = '/login';

/**
 * `value` as a path on this site, or null. Only a single leading slash is accepted, and the
 * result is re-checked after URL normalization, which turns `/\evil`, `/<tab>/evil` and `/.//evil`
 * into `//evil`: a protocol-relative URL, that is, an open redirect to another origin.
 */
export function safeReturnPath(value: string, origin: string): string | null {
  if (value.length > 2048 || !value.startsWith('/') || /[\s\\\u0000-\u001f\u007f]/.test(value)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}`;
  if (url.origin !== origin || !path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Katherine', 'Linus', 'Radia'];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Johnson',
  'Torvalds',
  'Perlman',
];

/** A fresh test identity, so each sign-up in a manual test is a new Google account. */
function randomIdentity(): { name: string; email: string } {
  const [a = 0, b = 0, n = 0] = crypto.getRandomValues(new Uint16Array(3));
  const first = FIRST_NAMES[a % FIRST_NAMES.length] ?? 'Test';
  const last = LAST_NAMES[b % LAST_NAMES.length] ?? 'User';
  const suffix = String(n % 10_000).padStart(4, '0');
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${suffix}@example.com`.toLowerCase(),
  };
}

const identity = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  name: z.string().trim().min(1).max(100),
});

interface FormState {
  returnTo: string;
  email: string;
  name: string;
  emailVerified: boolean;
  error?: string;
}

function consentPage(c: Context<AppEnv>, state: FormState, status: 200 | 400 = 200) {
  const realGoogle = c.get('config').GOOGLE_CLIENT_ID !== undefined;
  return devPage(c, {
    title: 'Sign in with Google',
    status,
    body: html`<h1>Sign in with Google (local)</h1>
      <p>
        This page stands in for Google's consent screen. Continue issues an ID token for the
        identity below, signed by the local key, and returns to <code>${state.returnTo}</code>.
      </p>
      ${
        realGoogle
          ? html`<p class="note">
              GOOGLE_CLIENT_ID is set, so the API verifies tokens with Google and will refuse these.
            </p>`
          : ''
      }
      ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
      <form method="post" action="/dev/google">
        <input type="hidden" name="return_to" value="${state.returnTo}" />
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" required value="${state.email}" />
        <label for="name">Name</label>
        <input id="name" name="name" type="text" required value="${state.name}" />
        <p>
          <input
            id="email_verified"
            name="email_verified"
            type="checkbox"
            ${state.emailVerified ? 'checked' : ''}
          />
          <label class="inline" for="email_verified">Google reports this e-mail as verified</label>
        </p>
        <button class="primary" type="submit" name="decision" value="continue">Continue</button>
        <button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button>
      </form>
      <p><a href="/dev/">All development tools</a></p>`,
  });
}

function problemPage(c: Context<AppEnv>, message: string, status: 400 | 503) {
  return devPage(c, {
    title: 'Sign in with Google',
    status,
    body: html`<h1>Sign in with Google (local)</h1>
      <p class="error" role="alert">${message}</p>
      <p><a href="/dev/">All development tools</a></p>`,
  });
}

const BAD_RETURN_TO = 'return_to must be a path on this site, such as /login.';
const NO_KEY =
  'DEV_GOOGLE_PRIVATE_JWK is missing or invalid. Stop the server and run npm start, which writes it to .dev.vars.';

async function signingKey(c: Context<AppEnv>): Promise<LocalGoogleKey | null> {
  const json = c.get('config').DEV_GOOGLE_PRIVATE_JWK;
  if (json === undefined) return null;
  return localGoogleKey(json).catch(() => null);
}

export const googleRoutes = new Hono<AppEnv>()
  .get('/google', async (c) => {
    const returnTo = safeReturnPath(
      c.req.query('return_to') ?? DEFAULT_RETURN_TO,
      new URL(c.req.url).origin,
    );
    if (returnTo === null) return problemPage(c, BAD_RETURN_TO, 400);
    if ((await signingKey(c)) === null) return problemPage(c, NO_KEY, 503);
    return consentPage(c, { returnTo, ...randomIdentity(), emailVerified: true });
  })
  .post('/google', async (c) => {
    const body = await c.req.parseBody();
    const field = (name: string) => {
      const value = body[name];
      return typeof value === 'string' ? value : undefined;
    };
    const returnTo = safeReturnPath(
      field('return_to') ?? DEFAULT_RETURN_TO,
      new URL(c.req.url).origin,
    );
    if (returnTo === null) return problemPage(c, BAD_RETURN_TO, 400);
    const decision = field('decision');
    if (decision === 'cancel') return c.redirect(`${returnTo}#google_error=access_denied`, 303);
    if (decision !== 'continue')
      return problemPage(c, 'The consent form was incomplete; open it again.', 400);

    const emailVerified = field('email_verified') === 'on';
    const claims = identity.safeParse({ email: field('email'), name: field('name') });
    if (!claims.success) {
      const state = {
        returnTo,
        email: field('email') ?? '',
        name: field('name') ?? '',
        emailVerified,
      };
      return consentPage(c, { ...state, error: 'Enter a valid e-mail address and a name.' }, 400);
    }
    const key = await signingKey(c);
    if (key === null) return problemPage(c, NO_KEY, 503);
    const token = await issueLocalGoogleToken(key, { ...claims.data, emailVerified });
    return c.redirect(`${returnTo}#google_credential=${token}`, 303);
  })
  .get('/google/jwks', async (c) => {
    const key = await signingKey(c);
    if (key === null) return c.json({ keys: [] }, 503);
    return c.json(localGoogleJwks(key));
  });
