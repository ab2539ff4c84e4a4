/**
 * The OAuth endpoints' failures (/api/oauth/*): unlike the rest of the API, which answers
 * `{ message, code }`, OAuth clients read `{ error, error_description }` (RFC 6749 §5.2), so
 * these have their own error type, turned into that answer by `onError` (lib/errors.ts).
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { OAuthErrorBody, OAuthErrorCode } from '../../src/contract/schemas/plugin-sign-in';

/** An expected OAuth failure; build it with `oauthFail`. */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status: ContentfulStatusCode = 400,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
  }
}

/** The OAuth error `error` with its description (from plugin-sign-in-texts.ts), to throw. */
export function oauthFail(
  error: OAuthErrorCode,
  description: string,
  options: { status?: ContentfulStatusCode; headers?: Record<string, string> } = {},
): OAuthError {
  return new OAuthError(error, description, options.status, options.headers);
}

/** The JSON answer of an OAuth failure. */
export function oauthErrorResponse(c: Context, err: OAuthError): Response {
  const body: OAuthErrorBody = { error: err.error, error_description: err.description };
  return c.json(body, err.status, { ...err.headers });
}
