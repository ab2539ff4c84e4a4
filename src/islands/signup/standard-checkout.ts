/**
 * The Standard plan after a verified e-mail (SPEC §4: pause 1.5 s, then the external card
 * checkout). The standard registration API and checkout arrive with the payments issue; until
 * then this is the one place that decides what happens, and it shows the SPEC §8 alert that card
 * payment integration is coming soon. DESIGN §3.3 replaces the body of this function.
 */
import type { VerifiedFormData } from '../../contract/auth';

export interface StandardSignup {
  formData: VerifiedFormData;
  /** Only for Google sign-up: the Google ID token. */
  googleToken?: string;
}

export function continueStandardSignup(_signup: StandardSignup, showComingSoon: () => void): void {
  showComingSoon();
}
