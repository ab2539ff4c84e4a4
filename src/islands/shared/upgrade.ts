/**
 * The Trial → Standard upgrade: POST /api/billing/checkout opens a card
 * checkout for the signed-in account and the browser leaves for it. Used by the dashboard upgrade
 * box, the signup page's member modal and the Billing & Invoices page, so all three behave alike.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiCall, messageFor } from './api';
import { isCheckoutAnswer } from '../../generated/answers/CheckoutAnswer';

/** Shown on the button while the browser leaves for the checkout. */
export const upgradeBusyText = 'Redirecting to checkout...';
/** When the server gave no message (a 500, a malformed answer). */
export const upgradeFailed = 'Could not start the checkout. Please try again.';
export const upgradeNetwork = 'Network error. Please check your connection and try again.';

/** Asks for the checkout and sends the browser there; failures are thrown as ApiFailure. */
export async function startUpgrade(
  redirect: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const { checkoutUrl } = await apiCall('POST', '/api/billing/checkout', isCheckoutAnswer);
  redirect(checkoutUrl);
}

export interface UpgradeState {
  /** True from the click until the page unloads (a successful call leaves the page). */
  busy: boolean;
  /** The server's message (409 ALREADY_STANDARD, ENTERPRISE_PLAN, …) or a default. */
  error: string | null;
  start: () => void;
}

/** One upgrade button's state: busy while redirecting, an error message when it fails. */
export function useUpgrade(): UpgradeState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A double click must not open two checkout sessions.
  const running = useRef(false);

  // Back from the checkout may restore this page from the back/forward cache, still busy.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const start = useCallback(() => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    startUpgrade().catch((failure: unknown) => {
      running.current = false;
      setBusy(false);
      setError(messageFor(failure, upgradeFailed, upgradeNetwork));
    });
  }, []);

  return { busy, error, start };
}
