/**
 * /payment-processing, the return from card checkout.
 * Polls check-payment-completion until the paid account exists, then signs this
 * browser in (it holds the pending-signup cookie) and goes to the dashboard; a payment finished
 * in another browser goes to /login (the server tells it no e-mail). A Trial → Standard upgrade
 * keeps the browser's own session and stores the Standard user. The Payment Processing Issue view
 * shows when every attempt is used, and at the first answer that says the checkout is unknown (or
 * there is no session_id), expired or cancelled: then it says so instead of "Your payment was
 * successful", since no payment was taken with it.
 */
import { useEffect, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { plans, site } from '../../site.config';
import { withErrorBoundary } from '../ErrorBoundary';
import { apiCall } from '../shared/api';
import { completeSignIn } from '../shared/auth-store';
import { completionOutcome, deadCheckoutOf, sessionIdFrom, type DeadCheckout } from './completion';
import { defaultPollSettings, pollSettings, type PollSettings } from './poll-settings';
import './payment.css';
import { isCheckPaymentCompletionAnswer } from '../../generated/answers/CheckPaymentCompletionAnswer';

type Phase = 'processing' | 'success' | 'upgraded' | 'refunded' | 'error';

/** How long the success state shows before the dashboard. */
const SUCCESS_REDIRECT_DELAY_MS = 1500;

function PaymentProcessing() {
  const [phase, setPhase] = useState<Phase>('processing');
  const [attempt, setAttempt] = useState(0);
  const [refund, setRefund] = useState<{ message: string; logIn: boolean; done: boolean } | null>(
    null,
  );
  const [settings, setSettings] = useState<PollSettings>(defaultPollSettings);
  const [dead, setDead] = useState<DeadCheckout | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const sessionId = sessionIdFrom(window.location.search);
    const current = pollSettings(window);
    let stopped = false;
    let timer: number | undefined;

    const check = async (n: number): Promise<void> => {
      if (stopped) return;
      setAttempt(n);
      try {
        const answer = await apiCall(
          'POST',
          '/api/check-payment-completion',
          isCheckPaymentCompletionAnswer,
          { sessionId: sessionId ?? '' },
        );
        if (stopped) return;
        const outcome = completionOutcome(answer);
        if (outcome.kind === 'signedIn') {
          stopped = true;
          setPhase('success');
          completeSignIn(outcome.auth, '/dashboard', SUCCESS_REDIRECT_DELAY_MS);
          return;
        }
        if (outcome.kind === 'upgraded') {
          stopped = true;
          setPhase('upgraded');
          // The session cookie is unchanged (no new token): completeSignIn stores only the user
          // and the session's expiry, never a token, so an empty one is passed.
          completeSignIn(
            { token: '', ...outcome.session },
            '/dashboard',
            SUCCESS_REDIRECT_DELAY_MS,
          );
          return;
        }
        if (outcome.kind === 'refunded') {
          stopped = true;
          setRefund({ message: outcome.message, logIn: outcome.logIn, done: outcome.done });
          setPhase('refunded');
          return;
        }
        if (outcome.kind === 'login') {
          stopped = true;
          window.location.assign(outcome.url);
          return;
        }
      } catch (error) {
        const deadCheckout = deadCheckoutOf(error);
        if (deadCheckout && !stopped) {
          stopped = true;
          setDead(deadCheckout);
          setPhase('error');
          return;
        }
        // Any other failure counts as an attempt, like one that finds no account yet.
      }
      if (stopped) return;
      if (n >= current.maxAttempts) {
        stopped = true;
        setPhase('error');
        return;
      }
      timer = window.setTimeout(() => void check(n + 1), current.intervalMs);
    };
    // Started from a task, not the effect body, so the first state change is not a cascade.
    timer = window.setTimeout(() => {
      if (!sessionId) {
        setDead('unknown');
        return setPhase('error');
      }
      setSettings(current);
      void check(1);
    }, 0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, []);

  // A change of state moves focus to its heading, so screen readers hear the new view.
  useEffect(() => {
    if (phase !== 'processing') heading.current?.focus();
  }, [phase]);

  if (phase === 'success') {
    return (
      <section className="payment-view payment-done" aria-labelledby="payment-title">
        <h1 id="payment-title" ref={heading} tabIndex={-1}>
          Welcome to {site.product}!
        </h1>
        <p role="status">Your account has been created successfully.</p>
        <p>Redirecting you to your dashboard...</p>
      </section>
    );
  }

  if (phase === 'upgraded') {
    return (
      <section className="payment-view payment-done" aria-labelledby="payment-title">
        <h1 id="payment-title" ref={heading} tabIndex={-1}>
          Welcome to {site.product} {plans.standard.name}!
        </h1>
        <p role="status">Your plan has been upgraded to {plans.standard.name}.</p>
        <p>Redirecting you to your dashboard...</p>
      </section>
    );
  }

  if (phase === 'refunded' && refund) {
    return (
      <section className="payment-view payment-issue" aria-labelledby="payment-title">
        <h1 id="payment-title" ref={heading} tabIndex={-1}>
          Payment Refunded
        </h1>
        <p role="status">{refund.message}</p>
        <p>
          The refund is in full and the subscription it started is cancelled, so you will not be
          charged for it again.{' '}
          {refund.done
            ? 'We have sent you an e-mail about it.'
            : 'We will e-mail you as soon as it is done.'}
        </p>
        <div className="payment-actions">
          {refund.logIn && (
            <a className="button" href="/login">
              Log In
            </a>
          )}
          <a className="button button-secondary" href="/about">
            Contact Support
          </a>
        </div>
      </section>
    );
  }

  if (phase === 'error') {
    return (
      <section className="payment-view payment-issue" aria-labelledby="payment-title">
        <h1 id="payment-title" ref={heading} tabIndex={-1}>
          Payment Processing Issue
        </h1>
        <p role="alert">We&apos;re having trouble confirming your payment completion.</p>
        {dead === 'closed' && <p className="payment-reason">{Messages.checkoutClosed}</p>}
        {dead === 'unknown' && <p className="payment-reason">{Messages.checkoutUnknown}</p>}
        {!dead && (
          <p>
            This might take a few more minutes. Your payment was successful, and we&apos;re setting
            up your account.
          </p>
        )}
        {!dead && attempt > 0 && (
          <p className="payment-attempts">
            Stopped after Attempt {attempt} of {settings.maxAttempts}
          </p>
        )}
        <div className="payment-actions">
          <a className="button" href="/about">
            Contact Support
          </a>
          <a className="button button-secondary" href="/pricing">
            Return to Home
          </a>
        </div>
      </section>
    );
  }

  return (
    <section className="payment-view" aria-labelledby="payment-title" aria-busy="true">
      <h1 id="payment-title">
        Setting Up Your Account
        <span className="payment-dots" aria-hidden="true">
          <span>.</span>
          <span>.</span>
          <span>.</span>
        </span>
      </h1>
      <p>
        Your payment was successful. We&apos;re setting up your account and license; this usually
        takes 30-60 seconds.
      </p>
      <p className="payment-warning">
        <strong>Please do not close this page.</strong>
      </p>
      <ul className="payment-checklist">
        <li className="payment-step-done">
          <span aria-hidden="true">✓</span> Payment confirmed
        </li>
        <li className="payment-step-active">
          <span className="payment-spinner" aria-hidden="true" /> Creating account and license...
        </li>
      </ul>
      <p className="payment-attempts" role="status">
        {attempt > 0 ? `Attempt ${attempt} of ${settings.maxAttempts}` : 'Checking...'}
      </p>
    </section>
  );
}

export default withErrorBoundary(PaymentProcessing);
