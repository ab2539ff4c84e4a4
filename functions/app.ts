import type { Context } from 'hono';
import type { AppEnv } from './env';
import { apiGuards, frameApp, type AppOptions } from './app-frame';
import { standIns } from './dev/load';
import { carryNext } from './middleware/carry-next';
import { devPathNotFound } from './middleware/dev-paths';
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
import { usageReportRoutes } from './routes/usage-report';
import { adminUsageTrendRoutes, usageTrendRoutes } from './routes/usage-trend';
import { deviceApprovalRoutes } from './routes/device-approval';
import { oauthRoutes, wellKnownRoutes } from './routes/oauth';
import { pluginRoutes } from './routes/plugin';

/**
 * Builds the Worker's whole Hono app. Only /api/*, /dev/*, the console's paths and the pages whose
 * forms post (/login, /login/code, /forgot-password, /activate, /signup, /reset-password) and single
 * sign-on's /sso/start and /sso/callback reach the Worker first (wrangler.toml run_worker_first);
 * any other path the app does not know goes to the assets binding, so the static site and its 404
 * page answer. The plugin's own calls are also in a smaller app (plugin-app.ts) that a cold start
 * loads for them instead (functions/index.ts). Tests call this to mount extra routes on a fresh
 * app, and pass `adapters` to replace outside services (mail, bot check, Google, payments) with
 * their own, and `deliverWebhook` to capture what /dev/checkout's Pay sends instead of handling it
 * in process.
 */
export function createApp(
  options: AppOptions & {
    deliverWebhook?: (request: Request, c: Context<AppEnv>) => Promise<Response>;
  } = {},
) {
  return frameApp(options, (app) => {
    app
      // Before the /api guards: the webhook has its own, larger body limit (routes/stripe-webhook.ts).
      .route('/api', webhookRoutes)
      // Also before them: OAuth requests are form-encoded (routes/oauth.ts has its own guards).
      .route('/api/oauth', oauthRoutes)
      .route('/.well-known', wellKnownRoutes)
      .use('/api/*', ...apiGuards)
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
      .route('/api', usageReportRoutes)
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
      // The sign-in forms' POSTs (routes/login-form.ts); their GETs are the static pages, with
      // the query's `next` written into the forms (middleware/carry-next.ts).
      .use('/login', carryNext)
      .use('/login/code', carryNext)
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
    // The development tools under /dev/ (mailbox, Google consent, bot check, the checkout): only
    // a development build has them (dev/load.ts), and they answer only when ENVIRONMENT is
    // `development`. A production build answers every /dev path with the 404 page, as they do
    // elsewhere. Pay on /dev/checkout hands the signed events to this same app in process (a
    // Worker cannot reliably fetch its own hostname).
    if (standIns) {
      standIns.mountDevTools(app, {
        payments: (c) => c.get('deps').payments,
        deliver:
          options.deliverWebhook ??
          (async (request, c) => app.fetch(request, c.env, c.executionCtx)),
      });
    } else {
      app.all('/dev/*', devPathNotFound);
    }
  });
}
