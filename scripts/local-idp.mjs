// A real OpenID provider for development: `npm start` runs it beside the Worker, so single sign-on
// is tried locally against the same protocol (authorization code with PKCE, state and nonce, a
// signed ID token, discovery and keys) as Entra ID, Google Workspace or Okta in production. Built
// on oidc-provider (a certified implementation), with a few test people of the made-up firm
// Northwind (northwind.test; any other address there is known too) and one client for the site.
//
//   node scripts/local-idp.mjs        # http://localhost:8790 (IDP_PORT), for the site on PORT
//
// Its sign-in page is oidc-provider's development page: type one of the people's e-mail
// addresses, any password. Nothing here is for production; the Worker never imports it.
import { randomBytes } from 'node:crypto';
import Provider from 'oidc-provider';

/** Where the provider listens, and the site whose single sign-on comes back to it. */
export const IDP_PORT = Number(process.env.IDP_PORT ?? 8790);
export const issuerOf = (port = IDP_PORT) => `http://localhost:${port}`;

/** The site's client at the local provider: what an owner enters on the team page locally. */
export const LOCAL_CLIENT = {
  clientId: 'sheetwright-local',
  clientSecret: 'local-idp-secret-not-for-production',
};

/** The test people, by e-mail address (also their `sub`). */
export const LOCAL_PEOPLE = {
  'ada@northwind.test': { name: 'Ada Northwind' },
  'grace@northwind.test': { name: 'Grace Northwind' },
  'linus@northwind.test': { name: 'Linus Northwind' },
  'margaret@northwind.test': { name: 'Margaret Northwind' },
};

/** The made-up firm's domain: its people, and anyone else at it (the end-to-end tests' own). */
export const LOCAL_DOMAIN = 'northwind.test';

/**
 * A person the provider knows: one of LOCAL_PEOPLE, or any other address at LOCAL_DOMAIN, named
 * after the part before the @ (so each end-to-end run can sign in someone new); else undefined.
 */
export function localPerson(email) {
  if (LOCAL_PEOPLE[email]) return LOCAL_PEOPLE[email];
  const [local, domain] = email.split('@');
  if (domain !== LOCAL_DOMAIN || !local || !/^[a-z0-9._-]+$/.test(local)) return undefined;
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
  return { name: `${name} Northwind` };
}

/** The site's address to come back to, one per port the site may run on (`npm start`, e2e). */
function redirectUris(sitePorts) {
  return sitePorts.map((port) => `http://localhost:${port}/sso/callback`);
}

/**
 * The provider, not yet listening. `sitePorts`: the ports the site runs on locally (its own
 * PORT, and the end-to-end tests' E2E_PORT when set).
 */
export function localProvider({ port = IDP_PORT, sitePorts = [8787] } = {}) {
  return new Provider(issuerOf(port), {
    clients: [
      {
        client_id: LOCAL_CLIENT.clientId,
        client_secret: LOCAL_CLIENT.clientSecret,
        redirect_uris: redirectUris(sitePorts),
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE is required, as the site always sends it.
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The address and name in the ID token itself, as Entra ID, Google and Okta put them.
    conformIdTokenClaims: false,
    async findAccount(_context, id) {
      const email = String(id).trim().toLowerCase();
      const person = localPerson(email);
      if (!person) return undefined;
      // The development sign-in page makes what was typed the account's id, and so its `sub`.
      return {
        accountId: email,
        claims: async () => ({
          sub: email,
          email,
          email_verified: true,
          name: person.name,
        }),
      };
    },
    // A fresh cookie key per run: sessions at the provider end when it restarts.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: { devInteractions: { enabled: true } },
    // The development page says what to type, not a stack of defaults.
    renderError(context, out) {
      context.type = 'html';
      context.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${String(
        out.error_description ?? out.error,
      ).replace(/[<>&]/g, '')}</p>`;
    },
  });
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const sitePorts = [process.env.PORT, process.env.E2E_PORT, '8787']
    .filter((value) => value !== undefined && value !== '')
    .map(Number);
  const provider = localProvider({ sitePorts: [...new Set(sitePorts)] });
  const server = provider.listen(IDP_PORT, '127.0.0.1', () => {
    console.log(
      `local-idp: OpenID provider on ${issuerOf()} (client ${LOCAL_CLIENT.clientId}; people: ${Object.keys(LOCAL_PEOPLE).join(', ')})`,
    );
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close());
}
