/**
 * The development stand-ins for outside services, in one place: the /dev tools (mailbox, Google
 * consent, bot-check tokens, the card checkout that imitates Stripe), the local payment provider
 * and its D1 session store, the local Google identity, bot check, mailer, VAT register and DNS (TXT records published on /dev/dns), and the
 * fonts of the local invoice PDF. The Worker
 * reaches them only through load.ts, which a production build replaces with absent.ts
 * (scripts/build-worker.mjs): a deployed Worker contains none of this, as
 * tests/unit/worker-bundle.test.ts checks.
 */
import type { Hono } from 'hono';
import type { LocalAdapters } from '../adapters';
import { createLocalBotCheck } from '../adapters/botcheck-local';
import { createDevGoogleIdentity } from '../adapters/identity-local';
import { createLocalMailer } from '../adapters/mail-local';
import { createLocalVatRegister } from '../adapters/vat-register-local';
import { createLocalDnsResolver } from '../adapters/dns-local';
import { createD1CheckoutStore } from '../adapters/payments/d1-store';
import { createLocalPayments, DEV_CHECKOUT_PATH } from '../adapters/payments/local';
import type { AppEnv } from '../env';
import { devRoutes } from '../routes/dev';
import { createDevCheckoutRoutes, type DevCheckoutOptions } from '../routes/dev/checkout';

/** Mounts /dev/ and, after it (so its development-only guard runs first), /dev/checkout. */
function mountDevTools(app: Hono<AppEnv>, options: DevCheckoutOptions): void {
  // Mounted at '/dev/' so the index is /dev/, the path run_worker_first sends to the Worker.
  app.route('/dev/', devRoutes).route(DEV_CHECKOUT_PATH, createDevCheckoutRoutes(options));
}

export const standIns = {
  local: {
    createLocalMailer,
    createLocalBotCheck,
    createDevGoogleIdentity,
    createLocalVatRegister,
    createLocalDnsResolver,
  } satisfies LocalAdapters,
  createLocalPayments,
  createD1CheckoutStore,
  mountDevTools,
  /** The local invoice PDF's fonts and font engine, loaded when a PDF is first asked for. */
  pdfFonts: async () => (await import('./pdf-fonts')).pdfFonts(),
};

export type StandIns = typeof standIns;
