/**
 * The Standard plan after a verified e-mail (a pause of 1.5 s, then the external card
 * checkout). The server answers where to pay and sets the pending-signup cookie;
 * the browser shows a short status and then leaves for the checkout. Failures are thrown to the
 * caller, which maps them to screens exactly like the trial path.
 */
import type { VerifiedFormData } from '../../contract/signup';
import type { StandardCheckoutResponse } from '../../contract/payments';
import { limits } from '../../site.config';
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
  const started = googleToken
    ? await registerGoogleStandard({
        googleToken,
        agreeToTerms: true,
        fingerprintId: formData.fingerprintId,
        plan: 'standard',
      })
    : await registerEmailStandard(formData, password ?? '');
  onRedirecting();
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  redirect(started.checkoutUrl);
  return started;
}
