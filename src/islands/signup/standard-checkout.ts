/**
 * The Standard plan after a verified e-mail (a pause of 1.5 s, then the external card
 * checkout). The server answers where to pay and sets the pending-signup cookie;
 * the browser shows a short status and then leaves for the checkout. Failures are thrown to the
 * caller, which maps them to screens exactly like the trial path.
 */
import type { VerifiedFormData } from '../../contract/signup';
import type { StandardCheckoutResponse } from '../../contract/payments';
import { limits, seats as seatRules } from '../../site.config';
import { signupPaysByInvoice, signupSeatsFromQuery } from '../../lib/auth/signup-plan';
import { registerEmailStandard, registerGoogleStandard } from './signup-api';

export interface StandardSignup {
  formData: VerifiedFormData;
  /** The password from the form (e-mail sign-up). */
  password?: string;
  /** Only for Google sign-up: the Google ID token. */
  googleToken?: string;
}

/** Starts the checkout: the registration call, the pause, then `redirect` to the checkout URL. */
export async function continueStandardSignup(
  signup: StandardSignup,
  onRedirecting: () => void,
  redirect: (url: string) => void = (url) => window.location.assign(url),
  delayMs: number = limits.standardRedirectDelayMs,
): Promise<StandardCheckoutResponse> {
  const { formData, googleToken, password } = signup;
  // The seats chosen on the page live in its URL (PlanPanel), so a reload or Google's return keeps them.
  const seats = signupSeatsFromQuery(window.location.search, seatRules.standardSeats.max);
  const started = googleToken
    ? await registerGoogleStandard({
        googleToken,
        agreeToTerms: true,
        fingerprintId: formData.fingerprintId,
        plan: 'standard',
        ...(seats > 1 ? { seats } : {}),
      })
    : await registerEmailStandard(formData, password ?? '', seats);
  onRedirecting();
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  redirect(started.checkoutUrl);
  return started;
}

/** The seats chosen on the page (its URL, where the seat panel keeps them). */
export const chosenSeats = (): number =>
  signupSeatsFromQuery(window.location.search, seatRules.standardSeats.max);

/** The buyer chose to pay by bank transfer (the seat panel, for enough seats). */
export const paysByInvoice = (): boolean =>
  signupPaysByInvoice(
    window.location.search,
    chosenSeats(),
    seatRules.standardSeats.invoiceMinimum,
  );
