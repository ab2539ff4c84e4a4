/**
 * The islands' client for our own API (same origin, JSON, the session in an HttpOnly cookie).
 * Every failure becomes one ApiFailure with the server's message and code (errors are
 * `{ message, code }` with honest statuses) so callers pick a screen by code, never by text.
 * Answers are checked against the contract's shapes: a malformed answer is a failure, not a crash.
 */
import { matches, type Shape } from '../../contract/shape';

/** Status 0 means the request never got an answer (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
/** The server answered 2xx with a body that does not match the contract. */
export const BAD_RESPONSE = 'BAD_RESPONSE';

export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';
  constructor(
    readonly status: number,
    /** The server's message; '' when there was none (callers then show their own default text). */
    message: string,
    readonly code: string | null,
    /** Seconds from `Retry-After` on a 429, else null. */
    readonly retryAfter: number | null = null,
    /** The input the answer is about, when the server names one (`field`), else null. */
    readonly field: string | null = null,
  ) {
    super(message);
  }

  get isNetwork(): boolean {
    return this.code === NETWORK_ERROR;
  }
}

/** Reads `Retry-After` given as seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.ceil((date - now) / 1000)) : null;
}

/** Turns a non-OK answer into an ApiFailure; tolerant of bodies that are not our JSON. */
export function failureFromResponse(
  status: number,
  bodyText: string,
  retryAfter: string | null,
): ApiFailure {
  let message = '';
  let code: string | null = null;
  let field: string | null = null;
  try {
    const body = JSON.parse(bodyText) as unknown;
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>;
      if (typeof record['message'] === 'string') message = record['message'];
      if (typeof record['code'] === 'string') code = record['code'];
      if (typeof record['field'] === 'string') field = record['field'];
    }
  } catch {
    // An HTML error page from a proxy, or nothing at all: no server message to show.
  }
  const wait = status === 429 ? parseRetryAfter(retryAfter) : null;
  return new ApiFailure(status, message, code, wait, field);
}

/** The message to show for a failure: the server's, or the default text of the situation. */
export function messageFor(
  error: unknown,
  fallback: string,
  networkFallback: string = fallback,
): string {
  if (error instanceof ApiFailure) {
    if (error.isNetwork) return networkFallback;
    if (error.code === BAD_RESPONSE) return fallback;
    return error.message || fallback;
  }
  return fallback;
}

/** The `{ message, code }` an island keeps as its error state. */
export interface ErrorState {
  message: string;
  code: string | null;
}

export function errorState(error: unknown, fallback: string, networkFallback?: string): ErrorState {
  return {
    message: messageFor(error, fallback, networkFallback),
    code: error instanceof ApiFailure ? error.code : null,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API and returns the answer if it has `shape`; throws ApiFailure otherwise. */
export async function apiCall<T>(
  method: Method,
  path: string,
  shape: Shape<T>,
  body?: unknown,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiFailure(0, '', NETWORK_ERROR);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    throw failureFromResponse(response.status, text, response.headers.get('Retry-After'));
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiFailure(response.status, '', BAD_RESPONSE);
  }
  if (!matches(shape, json)) {
    console.warn(`Unexpected answer from ${method} ${path}`, json);
    throw new ApiFailure(response.status, '', BAD_RESPONSE);
  }
  return json;
}
