/**
 * Every API failure is JSON `{ message, code }` with an honest status. Code, status
 * and default message come from one catalogue (src/contract/catalogue.ts); routes and services throw
 * with `fail(CODE)`, and `onError` is the only place that turns errors into responses, so no
 * stack trace or internal message can reach a client by accident.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorCatalogue, type ErrorCode } from '../../src/contract/catalogue';
import { OAuthError, oauthErrorResponse } from './oauth-errors';

/** The body of every error answer; `code` is UPPER_SNAKE or null. */
export interface ErrorBody {
  message: string;
  code: string | null;
}

/** What a throw site may add to a catalogue entry. */
export interface FailureDetail {
  /** A more precise text from src/contract/ (never a literal at the throw site). */
  message?: string | undefined;
  /** Extra response headers, e.g. `Retry-After` on 429 or `Allow` on 405. */
  headers?: Readonly<Record<string, string>>;
  /**
   * Extra body fields beside `message` and `code`, for the few answers whose contract carries
   * more (the license API's 403 TOO_MANY_DEVICES lists the active `devices`).
   */
  extra?: Readonly<Record<string, unknown>>;
}

/** The one error type for an expected failure; build it with `fail`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ErrorCode;
  readonly status: (typeof errorCatalogue)[ErrorCode]['status'];
  readonly headers: Readonly<Record<string, string>>;
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, detail: FailureDetail = {}) {
    const entry = errorCatalogue[code];
    super(detail.message ?? entry.message);
    this.code = code;
    this.status = entry.status;
    this.headers = detail.headers ?? {};
    this.extra = detail.extra ?? {};
  }

  /** True when `error` is an ApiError with one of `codes`. */
  static is(error: unknown, ...codes: ErrorCode[]): error is ApiError {
    return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
  }
}

/** The catalogue's error for `code`, to throw: `throw fail('ACCOUNT_EXISTS')`. */
export function fail(code: ErrorCode, detail?: FailureDetail): ApiError {
  return new ApiError(code, detail);
}

/** Builds the JSON error answer; for handlers (like notFound) that run outside `onError`. */
export function errorResponse(c: Context, error: ApiError): Response {
  // message and code last: an extra field can never replace them.
  const body: ErrorBody = { ...error.extra, message: error.message, code: error.code };
  return c.json(body, error.status, { ...error.headers });
}

/**
 * Hono's own exceptions (a body it could not parse) are bad input, not crashes. Their text is
 * Hono's, so the client gets the catalogue's plain message instead.
 */
function fromHttpException(err: HTTPException): ApiError | undefined {
  if (err.status >= 500) return undefined;
  return fail('BAD_REQUEST');
}

/**
 * The database errors that pass by themselves: the statement that failed wrote nothing and the
 * same request may be sent again. SQLITE_BUSY is what a local D1 answers while another process
 * (wrangler d1 execute, npm run admin) holds its file; the others are D1's own transient errors
 * (developers.cloudflare.com/d1/best-practices/retry-queries).
 */
const TRANSIENT_DB_ERROR =
  /SQLITE_BUSY|database is locked|Network connection lost|storage caused object to be reset|reset because its code was updated|D1 DB is overloaded/;

/** Whether `err` or one of its causes (drizzle wraps D1's error) is a transient database error. */
export function isTransientDbError(err: unknown): boolean {
  for (let at: unknown = err, depth = 0; at instanceof Error && depth < 5; depth += 1) {
    if (TRANSIENT_DB_ERROR.test(at.message)) return true;
    at = at.cause;
  }
  return false;
}

/** Seconds a client waits before sending a request the database refused for a moment. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The app's only error handler: expected errors as they are (an OAuth endpoint's in OAuth's own
 * shape, lib/oauth-errors.ts), a transient database error as 503
 * SERVICE_BUSY, anything else as a logged 500.
 */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof OAuthError) return oauthErrorResponse(c, err);
  const expected =
    err instanceof ApiError
      ? err
      : err instanceof HTTPException
        ? fromHttpException(err)
        : undefined;
  if (expected) return errorResponse(c, expected);

  if (isTransientDbError(err)) {
    // Logged without the stack: it is the database's moment, not a bug of ours.
    console.warn(`Database busy on ${c.req.method} ${c.req.path}:`, String(err));
    const headers = { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) };
    return errorResponse(c, fail('SERVICE_BUSY', { headers }));
  }

  // Logged with its stack for the operator (wrangler tail / dashboard), never shown to the client.
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
  return errorResponse(c, fail('INTERNAL'));
};
