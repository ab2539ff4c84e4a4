/**
 * Local stand-ins for outside services: mailbox, Google consent, bot check, DNS, card checkout. They exist only when ENVIRONMENT is `development`; elsewhere
 * every /dev path is the site's ordinary 404, indistinguishable from a URL that never existed.
 * Only development builds contain them (functions/dev/stand-ins.ts).
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../env';
import { devPathNotFound } from '../../middleware/dev-paths';
import { botcheckRoutes } from './botcheck';
import { dnsRoutes } from './dns';
import { googleRoutes } from './google';
import { mailboxRoutes } from './mailbox';
import { operatorRoutes } from './operators';
import { devPage } from './page';
import { ssoDevRoutes } from './sso';

/** Tools listed on /dev/; each later feature adds its page here. */
const devTools: readonly { href?: string; label: string; description: string }[] = [
  {
    href: '/dev/mailbox',
    label: 'Mailbox',
    description:
      'every e-mail the site sent (verification codes, reset links), newest first; JSON at /dev/mailbox.json?to=',
  },
  {
    href: '/dev/google?return_to=/login',
    label: 'Google sign-in',
    description:
      'the consent page that stands in for Google and issues ID tokens signed by a local key',
  },
  {
    href: '/dev/botcheck',
    label: 'Bot check',
    description:
      'how the local bot-check tokens work (issued by POST /dev/botcheck/token, single use)',
  },
  {
    label: 'Operators',
    description:
      'POST /dev/operators {"email", "operator": true|false} makes an account an operator or not, as npm run admin -- grant|revoke does, through this server',
  },
  {
    href: '/dev/dns',
    label: 'DNS',
    description:
      "TXT records the site looks up instead of real DNS: publish an organization domain's sheetwright-verification record here, then Check now on the team page",
  },
  {
    label: 'Single sign-on',
    description:
      'POST /dev/sso {"ownerEmail", "domain"?, "required"?} connects the organization of that owner to the local OpenID provider (http://localhost:8790, its people at northwind.test) with the domain verified',
  },
  {
    href: '/dev/checkout',
    label: 'Checkout',
    description:
      'the card checkout that stands in for Stripe (opened with ?session_id= by a standard signup); Pay sends signed webhook events to /api/stripe/webhook',
  },
];

export const devRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (c.get('config').ENVIRONMENT === 'development') return next();
    return devPathNotFound(c);
  })
  .get('/', (c) =>
    devPage(c, {
      title: 'Development tools',
      body: html`<h1>Development tools</h1>
        <p>Local stand-ins for outside services. This page exists only in development.</p>
        <ul>
          ${devTools.map(
            (tool) =>
              html`<li>
                ${tool.href ? html`<a href="${tool.href}">${tool.label}</a>` : tool.label}:
                ${tool.description}
              </li>`,
          )}
        </ul>`,
    }),
  )
  .route('/', mailboxRoutes)
  .route('/', operatorRoutes)
  .route('/', googleRoutes)
  .route('/', botcheckRoutes)
  .route('/', dnsRoutes)
  .route('/', ssoDevRoutes);
