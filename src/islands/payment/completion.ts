/**
 * What one check-payment-completion answer means for /payment-processing. Pure, so the rules are unit-tested without a browser.
 */
import { Messages } from '../../contract/messages';
import type { PaymentCompletionResponse } from '../../contract/payments';
import { matches } from '../../contract/shape';
import { type AuthResponse, type MeResponse } from '../../contract/user';
import { ErrorCode } from '../../contract/error-codes';
import { loginUrl } from '../../lib/auth/login-message';
import { ApiFailure } from '../shared/api';
import { isGetSignedInUserAnswer } from '../../generated/answers/GetSignedInUserAnswer';
import { isSessionAnswer } from '../../generated/answers/SessionAnswer';

export type CompletionOutcome =
  /** Not created yet: keep polling (the attempt counts). */
  | { kind: 'pending' }
  /**
   * This payment could not be applied (e.g. another tab's payment made the account) and is
   * refunded automatically: say so in plain words and stop polling.
   */
  | { kind: 'refunded'; message: string; logIn: boolean; done: boolean }
  /** Created, and this browser signed up: sign it in and go to the dashboard. */
  | { kind: 'signedIn'; auth: AuthResponse }
  /**
   * A Trial → Standard upgrade paid by this signed-in browser: keep its session (no new token),
   * store the Standard user with the session's expiry, and go to the dashboard.
   */
  | { kind: 'upgraded'; session: MeResponse }
  /**
   * Created, but no session for this browser (another browser paid, or this one was signed in
   * before): log in by hand. The server names the e-mail only to the browser that paid.
   */
  | { kind: 'login'; url: string };

export function completionOutcome(answer: PaymentCompletionResponse): CompletionOutcome {
  if (!answer.accountCreated && answer.refund) {
    const { reason, done } = answer.refund;
    return {
      kind: 'refunded',
      message: Messages.paymentRefunded(reason, done),
      // Only where an account exists to log in to.
      logIn: reason !== 'unknown_reference' && reason !== 'account_deleted',
      done,
    };
  }
  if (!answer.accountCreated) return { kind: 'pending' };
  if (answer.upgraded) {
    const session = { user: answer.user, tokenExpiration: answer.tokenExpiration };
    if (matches(isGetSignedInUserAnswer, session)) return { kind: 'upgraded', session };
    return { kind: 'login', url: loginUrl(answer.email, Messages.upgradedPleaseLogin) };
  }
  const auth = { token: answer.token, user: answer.user, tokenExpiration: answer.tokenExpiration };
  if (matches(isSessionAnswer, auth)) return { kind: 'signedIn', auth };
  return { kind: 'login', url: loginUrl(answer.email, Messages.accountCreatedPleaseLogin) };
}

/** The `session_id` of the return URL, or null when it is missing or implausible. */
export function sessionIdFrom(search: string): string | null {
  const value = new URLSearchParams(search).get('session_id')?.trim();
  return value && value.length <= 255 ? value : null;
}

/**
 * Why a checkout can never complete: no checkout has this id (`unknown`), or it expired or was
 * replaced before it was paid (`closed`).
 */
export type DeadCheckout = 'unknown' | 'closed';

/**
 * The dead checkout a failed check reports, or null when asking again may still succeed (the
 * network, a busy server, a rate limit): only those keep the page polling.
 */
export function deadCheckoutOf(error: unknown): DeadCheckout | null {
  if (!(error instanceof ApiFailure)) return null;
  if (error.code === ErrorCode.CHECKOUT_CLOSED) return 'closed';
  if (error.code === ErrorCode.NOT_FOUND || error.code === ErrorCode.VALIDATION_FAILED)
    return 'unknown';
  return null;
}
