/**
 * Every API failure is JSON `{ message, code }` with an honest status (DESIGN §4). Routes and
 * services throw ApiError; `onError` is the only place that turns errors into responses, so no
 * stack trace or internal message can reach a client by accident.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The body of every error answer; `code` is UPPER_SNAKE or null (SPEC §8). */
export interface ErrorBody {
  message: string;
  code: string | null;
}

/** The one error type routes and services throw for an expected failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Extra response headers, e.g. `Retry-After` on 429 or `Allow` on 405. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Extra body fields beside `message` and `code`, for the few answers whose contract carries
   * more (the license API's 403 TOO_MANY_DEVICES lists the active `devices`). Usually empty.
   */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    headers: Readonly<Record<string, string>> = {},
    extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.extra = extra;
  }
}

/** Builds the JSON error answer; for handlers (like notFound) that run outside `onError`. */
export function errorResponse(c: Context, error: ApiError): Response {
  // message and code last: an extra field can never replace them.
  const body: ErrorBody = { ...error.extra, message: error.message, code: error.code };
  return c.json(body, error.status, { ...error.headers });
}

/** Hono's own exceptions (e.g. malformed JSON in a validator) are bad input, not crashes. */
function fromHttpException(err: HTTPException): ApiError | undefined {
  if (err.status >= 500) return undefined;
  const code = err.status === 400 ? 'BAD_REQUEST' : 'HTTP_ERROR';
  return new ApiError(err.status, code, err.message || 'Bad request');
}

/** The app's only error handler: expected errors as they are, anything else as a logged 500. */
export const onError: ErrorHandler = (err, c) => {
  const expected =
    err instanceof ApiError
      ? err
      : err instanceof HTTPException
        ? fromHttpException(err)
        : undefined;
  if (expected) return errorResponse(c, expected);

  // Logged with its stack for the operator (wrangler tail / dashboard), never shown to the client.
  console.error(`Unhandled error on ${c.req.method} ${c.req.path}:`, err);
  return errorResponse(c, new ApiError(500, 'INTERNAL', 'Internal error'));
};
