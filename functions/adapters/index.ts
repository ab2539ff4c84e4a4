/**
 * Picks each outside service's implementation from the configuration:
 *   - real when its settings are present (any environment);
 *   - local stand-in when they are absent and ENVIRONMENT is `development`;
 *   - otherwise "unconfigured", which fails closed: mail throws (logged), the bot check refuses,
 *     Google sign-in refuses. Production never silently falls back to a development stand-in.
 */
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from '../db/schema';
import type { Config } from '../env';
import {
  createLocalBotCheck,
  createTurnstileBotCheck,
  createUnconfiguredBotCheck,
} from './botcheck';
import { createGoogleIdentity, createUnconfiguredGoogleIdentity, googleJwks } from './identity';
import { createDevGoogleIdentity } from './identity-local';
import { createLocalMailer, createResendMailer, createUnconfiguredMailer } from './mail';
import type { Adapters, BotCheck, GoogleIdentity, Mailer } from './types';

export type {
  Adapters,
  BotAction,
  BotCheck,
  GoogleIdentity,
  GoogleProfile,
  MailMessage,
  Mailer,
} from './types';
export { GoogleTokenError } from './identity';
export { MailDeliveryError } from './mail';

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

export interface AdapterDeps {
  db: DrizzleD1Database<typeof schema>;
  /** Hostname the request came to; Turnstile challenges must have been solved there. */
  hostname: string;
}

/** Builds the adapters for one request. */
export function createAdapters(config: Config, deps: AdapterDeps): Adapters {
  const modes = adapterModes(config);
  return {
    mailer: pickMailer(modes.mail, config),
    botCheck: pickBotCheck(modes.botCheck, config, deps),
    google: pickGoogle(modes.google, config),
  };
}

function pickMailer(mode: AdapterModes['mail'], config: Config): Mailer {
  if (mode === 'resend' && config.RESEND_API_KEY && config.MAIL_FROM) {
    return createResendMailer({ apiKey: config.RESEND_API_KEY, from: config.MAIL_FROM });
  }
  if (mode === 'outbox') return createLocalMailer();
  return createUnconfiguredMailer();
}

function pickBotCheck(
  mode: AdapterModes['botCheck'],
  config: Config,
  { db, hostname }: AdapterDeps,
): BotCheck {
  if (mode === 'turnstile' && config.TURNSTILE_SECRET_KEY) {
    return createTurnstileBotCheck({
      secretKey: config.TURNSTILE_SECRET_KEY,
      expectedHostname: hostname,
    });
  }
  if (mode === 'local') return createLocalBotCheck({ secret: config.JWT_SECRET, db });
  return createUnconfiguredBotCheck();
}

function pickGoogle(mode: AdapterModes['google'], config: Config): GoogleIdentity {
  if (mode === 'gis' && config.GOOGLE_CLIENT_ID) {
    return createGoogleIdentity({ clientId: config.GOOGLE_CLIENT_ID, keys: googleJwks() });
  }
  if (mode === 'local') return createDevGoogleIdentity(config.DEV_GOOGLE_PRIVATE_JWK);
  return createUnconfiguredGoogleIdentity('set GOOGLE_CLIENT_ID');
}
