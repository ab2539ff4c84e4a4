/**
 * Picks each outside service's implementation from the configuration:
 *   - real when its settings are present (any environment);
 *   - local stand-in when they are absent and ENVIRONMENT is `development`;
 *   - otherwise "unconfigured", which fails closed: mail throws (logged), the bot check refuses,
 *     Google sign-in refuses. Production never silently falls back to a development stand-in.
 * The stand-ins themselves are handed in (`AdapterDeps.local`) by the composition root, which has
 * them only in a development build (functions/dev/load.ts); without them, development falls back
 * to "unconfigured" too.
 */
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from '../db/schema';
import type { Config } from '../env';
import { createTurnstileBotCheck, createUnconfiguredBotCheck } from './botcheck';
import type { LocalBotCheckOptions } from './botcheck-local';
import { createGoogleIdentity, createUnconfiguredGoogleIdentity, googleJwks } from './identity';
import { createResendMailer, createUnconfiguredMailer } from './mail';
import { createDohResolver } from './dns';
import { createOidcClient } from './oidc';
import type {
  Adapters,
  BotCheck,
  DnsTxtResolver,
  GoogleIdentity,
  Mailer,
  VatRegister,
} from './types';
import { createViesRegister } from './vat-register';

export type {
  Adapters,
  BotAction,
  BotCheck,
  DnsTxtAnswer,
  DnsTxtResolver,
  GoogleIdentity,
  GoogleProfile,
  MailMessage,
  DiscoveredProvider,
  OidcClient,
  OidcConnection,
  OidcIdentity,
  Mailer,
  ProviderCheckProblem,
  VatRegister,
  VatRegisterAnswer,
} from './types';
export { GoogleTokenError } from './identity';
export { MailDeliveryError } from './mail';
export { OidcFailure, ProviderCheckFailure } from './types';

/** Which implementation each service uses; /api/config reports the public part of it. */
export interface AdapterModes {
  mail: 'resend' | 'outbox' | 'unconfigured';
  botCheck: 'turnstile' | 'local' | 'unconfigured';
  google: 'gis' | 'local' | 'unconfigured';
}

/** The modes the configuration selects (pure, so routes and tests can ask without side effects). */
export function adapterModes(config: Config): AdapterModes {
  const local = <T extends string>(mode: T) =>
    config.ENVIRONMENT === 'development' ? mode : 'unconfigured';
  return {
    mail: config.RESEND_API_KEY && config.MAIL_FROM ? 'resend' : local('outbox'),
    botCheck:
      config.TURNSTILE_SECRET_KEY && config.TURNSTILE_SITE_KEY ? 'turnstile' : local('local'),
    google: config.GOOGLE_CLIENT_ID ? 'gis' : local('local'),
  };
}

/** The development stand-ins of these services (botcheck-local.ts, identity-local.ts, mail-local.ts). */
export interface LocalAdapters {
  createLocalMailer(): Mailer;
  createLocalBotCheck(options: LocalBotCheckOptions): BotCheck;
  createDevGoogleIdentity(privateJwk: string | undefined): GoogleIdentity;
  createLocalVatRegister(): VatRegister;
  createLocalDnsResolver(db: DrizzleD1Database<typeof schema>): DnsTxtResolver;
}

export interface AdapterDeps {
  db: DrizzleD1Database<typeof schema>;
  /** Hostname the request came to; Turnstile challenges must have been solved there. */
  hostname: string;
  /** The stand-ins, where the build has them (never in a production build). */
  local?: LocalAdapters | undefined;
}

/** Logs why a stand-in the environment asks for is not there (the service then refuses). */
const missingStandIn = (service: string) =>
  console.error(
    `${service}: ENVIRONMENT is development, but this is a production build without the development stand-ins (run \`wrangler dev\` or \`npm start\`)`,
  );

/** Builds the adapters for one request. */
export function createAdapters(config: Config, deps: AdapterDeps): Adapters {
  const modes = adapterModes(config);
  return {
    mailer: pickMailer(modes.mail, config, deps.local),
    botCheck: pickBotCheck(modes.botCheck, config, deps),
    google: pickGoogle(modes.google, config, deps.local),
    vatRegister: pickVatRegister(config, deps.local),
    dns: pickDns(config, deps),
    // The organizations' own providers need no settings of ours; plain http only in development
    // (the local provider of `npm start`).
    oidc: createOidcClient({ allowHttp: config.ENVIRONMENT === 'development' }),
  };
}

/**
 * DNS over HTTPS needs no settings, so production always asks it; development asks the /dev/dns
 * stand-in (dns-local.ts), unless the build has no stand-ins.
 */
function pickDns(config: Config, { db, local }: AdapterDeps): DnsTxtResolver {
  if (config.ENVIRONMENT === 'development' && local) return local.createLocalDnsResolver(db);
  return createDohResolver();
}

/**
 * VIES needs no settings, so production always asks it; development asks the stand-in, which
 * knows two numbers (vat-register-local.ts), unless the build has no stand-ins.
 */
function pickVatRegister(config: Config, local?: LocalAdapters): VatRegister {
  if (config.ENVIRONMENT === 'development' && local) return local.createLocalVatRegister();
  return createViesRegister();
}

function pickMailer(mode: AdapterModes['mail'], config: Config, local?: LocalAdapters): Mailer {
  if (mode === 'resend' && config.RESEND_API_KEY && config.MAIL_FROM) {
    return createResendMailer({ apiKey: config.RESEND_API_KEY, from: config.MAIL_FROM });
  }
  if (mode === 'outbox') {
    if (local) return local.createLocalMailer();
    missingStandIn('Mail');
  }
  return createUnconfiguredMailer();
}

function pickBotCheck(
  mode: AdapterModes['botCheck'],
  config: Config,
  { db, hostname, local }: AdapterDeps,
): BotCheck {
  if (mode === 'turnstile' && config.TURNSTILE_SECRET_KEY) {
    return createTurnstileBotCheck({
      secretKey: config.TURNSTILE_SECRET_KEY,
      expectedHostname: hostname,
    });
  }
  if (mode === 'local') {
    if (local) return local.createLocalBotCheck({ secret: config.JWT_SECRET, db });
    missingStandIn('Bot check');
  }
  return createUnconfiguredBotCheck();
}

function pickGoogle(
  mode: AdapterModes['google'],
  config: Config,
  local?: LocalAdapters,
): GoogleIdentity {
  if (mode === 'gis' && config.GOOGLE_CLIENT_ID) {
    return createGoogleIdentity({ clientId: config.GOOGLE_CLIENT_ID, keys: googleJwks() });
  }
  if (mode === 'local') {
    if (local) return local.createDevGoogleIdentity(config.DEV_GOOGLE_PRIVATE_JWK);
    missingStandIn('Google sign-in');
  }
  return createUnconfiguredGoogleIdentity('set GOOGLE_CLIENT_ID');
}
