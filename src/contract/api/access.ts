/**
 * Who may make the account and console calls, and what each refuses before its own rules run:
 * the errors of the session check (every account call), of the cookie's origin check (every
 * change), and of the operator check (every console call).
 */
import type { ErrorCode } from '../catalogue';

/** The account's session: the Bearer token of a sign-in, or the site's session cookie. */
export const accountSession = [{ sessionBearer: [] }];

/** The session of an operator: an account with the operator role (the `operatorSession` scheme). */
export const operatorSession = [{ operatorSession: [] }];

/** A read: no session, or one that is invalid, revoked or expired. */
export const sessionReadErrors: readonly ErrorCode[] = ['UNAUTHORIZED', 'SESSION_EXPIRED'];

/** A change: also refused when the session cookie comes from another site's page. */
export const sessionWriteErrors: readonly ErrorCode[] = [...sessionReadErrors, 'CSRF_REJECTED'];

/**
 * A console read: a session of an operator who signed in recently with a second factor, sent from
 * the console itself (another site's page is refused even for a read), within the operator's rate
 * limit.
 */
export const operatorReadErrors: readonly ErrorCode[] = [
  ...sessionWriteErrors,
  'FORBIDDEN',
  'REAUTH_REQUIRED',
  'SECOND_FACTOR_REQUIRED',
  'TOO_MANY_ATTEMPTS',
];

/** A console change: also a recent proof of the operator's strongest factor. */
export const operatorWriteErrors: readonly ErrorCode[] = [
  ...operatorReadErrors,
  'FRESH_VERIFICATION_REQUIRED',
];
