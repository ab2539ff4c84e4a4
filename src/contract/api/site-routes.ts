/**
 * The site's public calls, declared once: the liveness check, the public configuration the pages
 * read, and the About page's contact form. The Worker mounts its handlers on these
 * (functions/routes/health.ts, config.ts, contact.ts) and the OpenAPI document (document.ts)
 * publishes them. Paths are relative to `/api`.
 */
import { z } from 'zod';
import { contactSchema } from '../schemas/auth';
import { lazySchema } from '../schemas/lazy';
import { messageResponseSchema } from './account-schemas';
import {
  bodyErrors,
  declareRoute,
  errorAnswers,
  jsonAnswer,
  jsonRequest,
  publicCall,
} from './describe';

const siteTag = ['Site'];

export const healthSchema = lazySchema(() =>
  z.object({
    ok: z.literal(true),
    /** The plugin's current version, as the site shows it. */
    version: z.string(),
  }),
);

/** Only public values (a site key, a client id), never a secret. */
export const publicConfigSchema = lazySchema(() =>
  z.object({
    environment: z.enum(['production', 'development']),
    /** The bot check the forms show: Cloudflare Turnstile, or the local stand-in. */
    botCheck: z.object({
      mode: z.enum(['turnstile', 'local']),
      /** Null when Turnstile is not configured: the forms say the feature is unavailable. */
      siteKey: z.string().nullable(),
    }),
    /** The Google button: Google Identity Services, or the local stand-in. */
    google: z.object({
      mode: z.enum(['gis', 'local']),
      /** Null when Google sign-in is not configured. */
      clientId: z.string().nullable(),
    }),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthRoute = declareRoute({
  method: 'get',
  path: '/health',
  operationId: 'checkHealth',
  tags: siteTag,
  summary: 'Is the site up',
  description: 'For uptime checks: answers while the Worker runs, with the current plugin version.',
  security: publicCall,
  get responses() {
    return {
      200: jsonAnswer(healthSchema, 'Up.'),
      ...errorAnswers(),
    };
  },
});

export const publicConfigRoute = declareRoute({
  method: 'get',
  path: '/config',
  operationId: 'getPublicConfig',
  tags: siteTag,
  summary: 'What the pages need to show the bot check and the Google button',
  description: 'Changes with the deployment, so it is never cached.',
  security: publicCall,
  get responses() {
    return {
      200: jsonAnswer(publicConfigSchema, 'The public configuration.'),
      ...errorAnswers(),
    };
  },
});

export const contactRoute = declareRoute({
  method: 'post',
  path: '/contact',
  operationId: 'sendContactMessage',
  tags: siteTag,
  summary: 'Write to support',
  description:
    'The About page\'s "Get in Touch" form, bot-checked (action `contact`) and counted per address. Support receives the message, and the sender gets an acknowledgement (a few a day per address at most).',
  security: publicCall,
  request: jsonRequest(contactSchema),
  get responses() {
    return {
      200: jsonAnswer(messageResponseSchema, 'Sent.'),
      ...errorAnswers(...bodyErrors, 'BOT_CHECK_FAILED', 'TOO_MANY_ATTEMPTS'),
    };
  },
});

/** What a client can rely on in the document itself; the rest is OpenAPI 3.1. */
export const documentSchema = lazySchema(() =>
  z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);

export const documentRoute = declareRoute({
  method: 'get',
  path: '/openapi.json',
  operationId: 'getOpenApiDocument',
  tags: siteTag,
  summary: 'This document',
  description:
    'The API as OpenAPI 3.1, generated from the declarations the server validates every call by: the same for everyone, cacheable for five minutes, readable from any origin. Generate a client from it (openapi-typescript and the like).',
  security: publicCall,
  get responses() {
    return {
      200: jsonAnswer(documentSchema, 'The document.'),
      ...errorAnswers(),
    };
  },
});

/** Every site call, in the order the document lists them. */
export const siteRoutes = [healthRoute, publicConfigRoute, contactRoute, documentRoute];
