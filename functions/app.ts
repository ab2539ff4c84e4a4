import { Hono, type Context, type NotFoundHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { AppEnv } from './env';
import type { AppAdapters } from './deps';
import { standIns } from './dev/load';
import { errorResponse, fail, onError } from './lib/errors';
import { allowedMethods } from './lib/http';
import { limitBody, requireJson } from './middleware/api-guards';
import { rememberKnownBrowser } from './middleware/auth';
import { createContextMiddleware } from './middleware/context';
import { devPathNotFound } from './middleware/dev-paths';
import { onlyOwnHost } from './middleware/host';
import { refuseWrongMethod } from './middleware/wrong-method';
import { securityHeaders } from './middleware/security-headers';
import { consoleSpellings } from './middleware/operator';
import { consolePageRoutes } from './routes/console-pages';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { adminOrganizationRoutes } from './routes/admin-organizations';
import { invitationRoutes } from './routes/invitations';
import { teamRoutes } from './routes/team';
import { scimRoutes } from './routes/scim';
import { teamScimRoutes } from './routes/team-scim';
import { teamSsoRoutes } from './routes/team-sso';
import { teamDomainRoutes } from './routes/team-domains';
import { adminMoneyRoutes } from './routes/admin-money';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { configRoutes } from './routes/config';
import { contactRoutes } from './routes/contact';
import { downloadRoutes, installerLinkRoutes } from './routes/download';
import { earlyFormRoutes } from './routes/early-forms';
import { healthRoutes } from './routes/health';
import { openApiRoutes } from './routes/openapi';
import { licenseRoutes } from './routes/licenses';
import { loginFormRoutes } from './routes/login-form';
import { ssoApiRoutes, ssoPageRoutes } from './routes/sso';
import { passkeyRoutes } from './routes/passkeys';
import { passwordRoutes } from './routes/password';
import { releaseRoutes } from './routes/releases';
import { paymentRoutes } from './routes/payments';
import { signupRoutes } from './routes/signup';
import { twoStepRoutes } from './routes/two-step';
import { webhookRoutes } from './routes/stripe-webhook';
import { usageRoutes } from './routes/usage';
import { featureUsageRoutes } from './routes/feature-usage';
import { adminUsageTrendRoutes, usageTrendRoutes } from './routes/usage-trend';
import { deviceApprovalRoutes } from './routes/device-approval';
import { oauthRoutes, wellKnownRoutes } from './routes/oauth';
import { pluginRoutes } from './routes/plugin';

/**
 * Builds the Worker's Hono app. Only /api/*, /dev/*, the console's paths and the pages whose forms
 * post (/login, /login/code, /forgot-password, /activate, /signup, /reset-password) and single
 * sign-on's /sso/start and /sso/callback reach the Worker first
 * (wrangler.toml run_worker_first); any other path the app does not know goes to the assets binding, so the
 * static site and its 404 page answer. Tests call this to mount extra routes on a fresh app, and
 * pass `adapters` to replace outside services (mail, bot check, Google, payments) with their own,
 * and `deliverWebhook` to capture what /dev/checkout's Pay sends instead of handling it in process.
 */
export function createApp(
  options: {
    adapters?: Partial<AppAdapters>;
    deliverWebhook?: (request: Request, c: Context<AppEnv>) => Promise<Response>;
  } = {},
) {
  // The route table, complete once the app below is built; read per request.
  let routeTable: readonly RouterRoute[] = [];
  const app = new Hono<AppEnv>()
    .use(
      '*',
      securityHeaders(),
      createContextMiddleware(options.adapters),
      onlyOwnHost(),
      refuseWrongMethod(() => routeTable),
    )
    // Before the /api guards: the webhook has its own, larger body limit (routes/stripe-webhook.ts).
    .route('/api', webhookRoutes)
    // Also before them: OAuth requests are form-encoded (routes/oauth.ts has its own guards).
    .route('/api/oauth', oauthRoutes)
    .route('/.well-known', wellKnownRoutes);
  app
    .use('/api/*', limitBody, requireJson, rememberKnownBrowser)
    .route('/api', healthRoutes)
    .route('/api', openApiRoutes)
    .route('/api', configRoutes)
    .route('/api', authRoutes)
    .route('/api', ssoApiRoutes)
    .route('/api', signupRoutes)
    .route('/api', accountRoutes)
    .route('/api', passwordRoutes)
    .route('/api', passkeyRoutes)
    .route('/api', twoStepRoutes)
    .route('/api', contactRoutes)
    .route('/api', paymentRoutes)
    .route('/api', billingRoutes)
    .route('/api', downloadRoutes)
    .route('/api', installerLinkRoutes)
    .route('/api', licenseRoutes)
    .route('/api', releaseRoutes)
    .route('/api', usageRoutes)
    .route('/api', featureUsageRoutes)
    .route('/api', usageTrendRoutes)
    .route('/api', deviceApprovalRoutes)
    .route('/api', pluginRoutes)
    .route('/api', adminRoutes)
    .route('/api', adminOrganizationRoutes)
    .route('/api', teamRoutes)
    .route('/api', teamScimRoutes)
    .route('/api', teamSsoRoutes)
    .route('/api', teamDomainRoutes)
    .route('/api', invitationRoutes)
    .route('/api', adminMoneyRoutes)
    .route('/api', adminUsageTrendRoutes)
    // The sign-in forms' POSTs (routes/login-form.ts); their GETs are the static pages.
    .route('/', loginFormRoutes)
    // Single sign-on's form and the identity provider's answer (routes/sso.ts).
    .route('/', ssoPageRoutes)
    // The other island forms, posted by the browser before their scripts loaded
    // (routes/early-forms.ts): their own page again, never an empty 405.
    .route('/', earlyFormRoutes)
    // SCIM 2.0 for organizations' identity providers (routes/scim.ts): its own token, media
    // types and error shape, so none of the /api guards.
    .route('/scim/v2', scimRoutes)
    // The console's pages: operators get them, anyone else the ordinary 404 page; any other
    // spelling of them (`/admin.html`, `/adm%69n/`) is the 404 page for everyone.
    .use('*', consoleSpellings)
    .route('/', consolePageRoutes);
  // The development tools under /dev/ (mailbox, Google consent, bot check, the checkout): only a
  // development build has them (dev/load.ts), and they answer only when ENVIRONMENT is
  // `development`. A production build answers every /dev path with the 404 page, as they do
  // elsewhere. Pay on /dev/checkout hands the signed events to this same app in process (a
  // Worker cannot reliably fetch its own hostname).
  if (standIns) {
    standIns.mountDevTools(app, {
      payments: (c) => c.get('deps').payments,
      deliver:
        options.deliverWebhook ?? (async (request, c) => app.fetch(request, c.env, c.executionCtx)),
    });
  } else {
    app.all('/dev/*', devPathNotFound);
  }
  routeTable = app.routes;
  return app.onError(onError).notFound(unknownRoute(app.routes));
}

/**
 * What answers a request no handler took. A known path asked with another method is 405 with
 * `Allow`, read from the route table itself (one rule for every route); any other /api path is
 * 404 JSON, and the rest is the static site. Exported for apps that mount this one inside theirs
 * (tests), whose own not-found handler runs instead.
 */
export function unknownRoute<E extends AppEnv>(routes: readonly RouterRoute[]): NotFoundHandler<E> {
  return (c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.startsWith('/.well-known/')) {
      const allow = allowedMethods(routes, path);
      if (allow.length > 0) {
        return errorResponse(
          c,
          fail('METHOD_NOT_ALLOWED', { headers: { Allow: allow.join(', ') } }),
        );
      }
    }
    if (path.startsWith('/api/')) return errorResponse(c, fail('NOT_FOUND'));
    return passThroughToAssets(c.env.ASSETS, c.req.raw);
  };
}

async function passThroughToAssets(assets: Fetcher, request: Request): Promise<Response> {
  const response = await assets.fetch(request);
  // A fetched response has immutable headers; copy it so the header middleware can fill gaps.
  return new Response(response.body, response);
}
