/**
 * Request guards for /api: bodies are JSON and at most 64 KB. Refusing other
 * content types early also closes the "simple request" CSRF path, since a cross-site form or
 * no-cors fetch cannot send application/json without a CORS preflight.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { fail } from '../lib/errors';

/** Largest request body the API reads, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** 413 for bodies over MAX_BODY_BYTES, by Content-Length or by counting a streamed body. */
export const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw fail('PAYLOAD_TOO_LARGE');
  },
});

function hasBody(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return request.body !== null && request.headers.get('Content-Length') !== '0';
}

function isJson(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/** 415 for any request body that is not declared as application/json. */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (hasBody(c.req.raw) && !isJson(c.req.header('Content-Type'))) {
    throw fail('UNSUPPORTED_MEDIA_TYPE');
  }
  await next();
};
