/**
 * The API's OpenAPI 3.1 document, generated from the route declarations the Worker mounts its
 * handlers on (this folder), never written by hand. The Worker serves it at /api/openapi.json and
 * /developers/api renders it for plugin developers; a test checks every answer against it.
 */
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import * as pluginSignIn from '../../config/plugin-sign-in';
import { company, currentVersion, product, supportEmail, url } from '../../config/site';
import { accountRoutes } from './account-routes';
import { dashboardRoutes } from './dashboard-routes';
import { oauthRoutes, wellKnownRoutes } from './oauth-routes';
import { passkeyRoutes } from './passkey-routes';
import { pluginRoutes } from './plugin-routes';
import { billingRoutes } from './billing-routes';
import { paymentRoutes, webhookRoutes } from './payments-routes';
import { invitationRoutes, teamRoutes } from './team-routes';
import { adminDomainRoutes, teamDomainRoutes } from './domain-routes';
import { adminMoneyRoutes, adminOrganizationRoutes, adminRoutes } from './admin-routes';
import { signInRoutes } from './sign-in-routes';
import { signupRoutes } from './signup-routes';
import { scimRoutes } from './scim-routes';
import { siteRoutes } from './site-routes';
import { pageRoutes } from './page-routes';
import { teamScimRoutes } from './team-scim-routes';
import { teamSsoRoutes } from './team-sso-routes';
import { twoStepRoutes } from './two-step-routes';
import { adminUsageTrendRoutes, usageTrendRoutes } from './usage-trend-routes';

/** Where each group of declarations is mounted. */
export const apiRouteGroups: readonly { prefix: string; routes: readonly RouteConfig[] }[] = [
  { prefix: '/api', routes: pluginRoutes },
  { prefix: '/api/oauth', routes: oauthRoutes },
  { prefix: '/.well-known', routes: wellKnownRoutes },
  { prefix: '/api', routes: dashboardRoutes },
  { prefix: '/api', routes: usageTrendRoutes },
  { prefix: '/api', routes: signInRoutes },
  { prefix: '/api', routes: signupRoutes },
  { prefix: '/api', routes: accountRoutes },
  { prefix: '/api', routes: passkeyRoutes },
  { prefix: '/api', routes: twoStepRoutes },
  { prefix: '/api', routes: siteRoutes },
  { prefix: '/api', routes: billingRoutes },
  { prefix: '/api', routes: paymentRoutes },
  { prefix: '/api', routes: webhookRoutes },
  { prefix: '/api', routes: teamRoutes },
  { prefix: '/api', routes: teamScimRoutes },
  { prefix: '/api', routes: teamSsoRoutes },
  { prefix: '/api', routes: teamDomainRoutes },
  { prefix: '/api', routes: invitationRoutes },
  { prefix: '/api', routes: adminRoutes },
  { prefix: '/api', routes: adminUsageTrendRoutes },
  { prefix: '/api', routes: adminMoneyRoutes },
  { prefix: '/api', routes: adminOrganizationRoutes },
  { prefix: '', routes: pageRoutes },
  { prefix: '/scim/v2', routes: scimRoutes },
  { prefix: '/api', routes: adminDomainRoutes },
];

/**
 * The request of a declaration with its query and path parameters built: those schemas may be
 * lazy (schemas/lazy.ts), and the generator lists a parameter schema's fields, which a lazy one
 * shows only once built.
 */
function builtParameters(request: NonNullable<RouteConfig['request']>) {
  const built = (schema: unknown) => (schema instanceof z.ZodLazy ? schema.unwrap() : schema);
  return {
    ...request,
    ...(request.query === undefined ? {} : { query: built(request.query) }),
    ...(request.params === undefined ? {} : { params: built(request.params) }),
  } as typeof request;
}

/**
 * The named copy of each answer schema, so that the document lists them under
 * `components.schemas` and clients generated from it get a type of that name (the first
 * operation to use a schema names it: `ActivateLicenseAnswer`), and the islands a check of that
 * name (src/generated/answers/). A schema that many calls answer is named where it is
 * declared (`.meta({ id: 'MessageAnswer' })`) and keeps its name. Kept per schema, as zod's
 * registry takes each name once however often the document is built.
 */
const namedSchemas = new WeakMap<z.ZodType, z.ZodType>();

function named(schema: z.ZodType, name: string): z.ZodType {
  if (z.globalRegistry.get(schema)?.id !== undefined) return schema;
  let copy = namedSchemas.get(schema);
  if (!copy) {
    copy = schema.meta({ id: name });
    namedSchemas.set(schema, copy);
  }
  return copy;
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** A JSON content map with its schema named, other contents as they are. */
function namedContent<T>(content: T, name: string): T {
  if (typeof content !== 'object' || content === null || !('application/json' in content))
    return content;
  const json = content['application/json'];
  if (typeof json !== 'object' || json === null || !('schema' in json)) return content;
  const { schema } = json;
  if (!(schema instanceof z.ZodType)) return content;
  return { ...content, 'application/json': { ...json, schema: named(schema, name) } };
}

/** The declaration's success answers as named components (`GetTeamAnswer`). */
function withNamedAnswers(route: RouteConfig) {
  const id = pascal(route.operationId ?? `${route.method}${route.path}`);
  return Object.fromEntries(
    Object.entries(route.responses).map(([status, answer]) => [
      status,
      /^2\d\d$/.test(status) && 'content' in answer && answer.content
        ? { ...answer, content: namedContent(answer.content, `${id}Answer`) }
        : answer,
    ]),
  );
}

/**
 * The declaration's JSON body as a named component (`ActivateLicenseRequest`). A field with a
 * default is optional there, as the request may leave it out; the generated TypeScript types say
 * so too (scripts/openapi.mjs: `--default-non-nullable false`).
 */
function withNamedBody(route: RouteConfig, request: NonNullable<RouteConfig['request']>) {
  const id = pascal(route.operationId ?? `${route.method}${route.path}`);
  const body = request.body;
  if (!body || !('content' in body)) return request;
  return { ...request, body: { ...body, content: namedContent(body.content, `${id}Request`) } };
}

/** The OpenAPI path of a declaration mounted at `prefix` (`{name}` for path parameters). */
export function documentedPath(prefix: string, route: RouteConfig): string {
  return `${prefix}${route.path}`;
}

/** Builds the document; `origin` is the server it names (the production site by default). */
export function apiDocument(origin: string = url) {
  const registry = new OpenAPIHono();
  // OpenAPI 3.1 has no device-flow OAuth scheme: a bearer token, its flow said in words.
  registry.openAPIRegistry.registerComponent('securitySchemes', 'pluginToken', {
    type: 'http',
    scheme: 'bearer',
    description: `The access token of the plugin's sign-in (scope \`${pluginSignIn.scope}\`): the OAuth 2.0 device authorization grant at ${origin}/api/oauth/device and ${origin}/api/oauth/token (metadata at ${origin}/.well-known/oauth-authorization-server). It reaches the signed-in plugin calls and nothing else.`,
  });
  registry.openAPIRegistry.registerComponent('securitySchemes', 'sessionBearer', {
    type: 'http',
    scheme: 'bearer',
    description: `The signed-in account's session: the \`token\` that ${origin}/api/login answers, sent as Bearer. The site's own pages send the same session as an HttpOnly cookie instead, and then a change needs the request's \`Origin\` to be ${origin} (403 \`CSRF_REJECTED\` otherwise). It reaches the account calls.`,
  });
  registry.openAPIRegistry.registerComponent('securitySchemes', 'operatorSession', {
    type: 'http',
    scheme: 'bearer',
    description: `The session of an operator, sent as \`sessionBearer\` is: an account holding the operator role (granted only from the command line), signed in within the last hours with a second factor. Another site's page is refused even for a read (\`Sec-Fetch-Site\`), the calls count against the operator's rate limit, and every change also needs a recent proof of the operator's strongest factor (403 \`FRESH_VERIFICATION_REQUIRED\`) and a reason, kept in the audit log. It reaches the console calls.`,
  });
  registry.openAPIRegistry.registerComponent('securitySchemes', 'scimToken', {
    type: 'http',
    scheme: 'bearer',
    description: `An organization's SCIM token, made by its owner on the team page (Provisioning (SCIM)) and given to the identity provider with the base URL ${origin}/scim/v2. It reaches the SCIM calls of that organization and nothing else.`,
  });
  for (const { prefix, routes } of apiRouteGroups) {
    for (const route of routes) {
      // `request` and `responses` may be getters (declareRoute), which a spread leaves out.
      registry.openAPIRegistry.registerPath({
        ...route,
        ...(route.request === undefined
          ? {}
          : { request: withNamedBody(route, builtParameters(route.request)) }),
        responses: withNamedAnswers(route),
        path: documentedPath(prefix, route),
      });
    }
  }
  return registry.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: `${product} plugin API`,
      version: currentVersion,
      contact: { name: `${product} support`, email: supportEmail, url: `${url}/about` },
      // The API serves licensed customers under the product's terms; it is not open source.
      license: { name: `${company.name} terms of service`, url: `${url}/terms` },
      description: `The calls the ${product} plugin makes to ${url} (activating and checking licenses, updates, feature usage, and signing in from the ribbon to manage the account's licenses), and the calls the site's pages make: signing in and up, the account's settings, passkeys and two-step sign-in, billing, teams and invitations, the operator console, and with the customer's session the plugin's sign-in page and the Usage page (approving a sign-in, devices, sessions, feature usage). Errors answer \`{ message, code }\` (the OAuth endpoints \`{ error, error_description }\`); a known path asked with another method answers 405 with \`Allow\`. What this reference cannot say (the offline rule, the device id, the license file) is in the plugin guide of the repository (docs/plugin-api.md).`,
    },
    servers: [{ url: origin }],
    // Every tag an operation uses, in the order the reference lists them.
    tags: [
      {
        name: 'Licenses',
        description:
          'Activating, checking and deactivating the license on a device, with the signed license file the plugin keeps for working offline.',
      },
      {
        name: 'Updates',
        description: 'Whether a newer version is out, and a link to download its installer.',
      },
      {
        name: 'Feature usage',
        description:
          "The plugin's daily counts of the commands it ran, sent when the account shares them.",
      },
      {
        name: 'Plugin sign-in',
        description:
          "Signing in from the plugin's ribbon: the OAuth 2.0 device authorization grant (RFC 8628), its tokens and their revocation.",
      },
      {
        name: 'Signed-in plugin',
        description:
          'What the signed-in plugin does for the account: list its licenses, move this device to another license, free a device on another computer.',
      },
      {
        name: 'Plugin sign-in approval',
        description: `The account's side of a plugin sign-in: the code shown in the plugin, typed at ${origin}/activate, looked up, approved or denied.`,
      },
      {
        name: 'Usage and sessions',
        description:
          "The account's devices, sign-ins and feature usage, as the Usage & Sessions page shows and changes them.",
      },
      {
        name: 'Sign-in',
        description:
          'Signing in to the account (e-mail and password, or Google) for a session, asking who is signed in, signing out, and a forgotten password.',
      },
      {
        name: 'Signup',
        description:
          'Starting a trial: an e-mailed code proves the address, then the account is made with a password or with Google, and signed in.',
      },
      {
        name: 'Account',
        description:
          "The signed-in account's own settings: its license summary and installer, its password, sharing feature usage, and deleting it.",
      },
      {
        name: 'Passkeys',
        description:
          "Passkeys (WebAuthn) of the account: adding, renaming and removing them, signing in with one, and confirming it is you with one. Each ceremony is an options call, whose `options` go to @simplewebauthn/browser, then a verify call with the browser's answer.",
      },
      {
        name: 'Two-step sign-in',
        description:
          'Two-step sign-in with an authenticator app and its recovery codes, and confirming it is you (a code or the password) before an action that asks for a recent proof.',
      },
      {
        name: 'Site',
        description:
          "The site's own public calls: whether it is up, the public configuration its pages read, and writing to support.",
      },
      {
        name: 'Billing',
        description:
          "The account's plan, subscription, card, billing details and invoices, as the Billing & Invoices page shows and changes them: upgrading from Trial, seats, cancelling and resuming.",
      },
      {
        name: 'Standard signup',
        description:
          'A new Standard account: paid by card at the payment provider (the account is made when the payment arrives, and the page polls for it), or for a team by invoice (made at once).',
      },
      {
        name: 'Payment provider',
        description:
          "The payment provider's signed events, which make accounts, record payments and invoices, and renew or end subscriptions.",
      },
      {
        name: 'Team',
        description:
          "An organization's team page, for its owner: seats, members and invitations, devices, activity and utilization; and the organization card every member sees.",
      },
      {
        name: 'Invitations',
        description:
          'An invitation link (/invite): what it offers, accepting it signed in, or signing up by it.',
      },
      {
        name: 'Console: customers',
        description:
          "The operator console's customer pages, support actions, business figures, contact inbox and audit log.",
      },
      {
        name: 'Console: money',
        description:
          "The console's money page: refunds, e-mails and payment provider events that need an operator, and a retry for each.",
      },
      {
        name: 'Console: organizations',
        description:
          "The console's Enterprise organizations: found, created from an agreement, changed, and acted on for their owner.",
      },
      {
        name: 'Site forms',
        description:
          'What the browser posts by itself, outside /api: the sign-in forms without JavaScript, and island forms sent before their scripts loaded. They answer pages.',
      },
      {
        name: 'Console pages',
        description: "The operators' console as pages; to anyone else they do not exist.",
      },
      {
        name: 'SCIM',
        description:
          "SCIM 2.0 (RFC 7643, RFC 7644) for an organization's identity provider (Entra ID, Okta, Google Workspace): it provisions and deprovisions the team's members. Bodies are application/scim+json and errors answer the SCIM error shape.",
      },
    ],
  });
}
