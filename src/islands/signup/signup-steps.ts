/**
 * The signup flow once a person acts: client checks, bot check, send the code, verify
 * it, then create the trial account (or hand a Standard signup to the checkout step); Google
 * sign-up is the alternative path. `screenFor` picks the error screen or the inline error.
 * use-signup-flow.ts keeps the page's state and loads this module on the first keystroke or
 * click (the page renders with the form alone; budgets: docs/performance.md).
 */
import type { RegisterGoogleBody } from '../../contract/schemas/auth';
import { Messages } from '../../contract/messages';
import { normalizeEmail } from '../../contract/rules';
import type { SignupPlan, VerifiedFormData } from '../../contract/signup';
import { limits } from '../../site.config';
import { ApiFailure, messageFor } from '../shared/api';
import { completeSignIn } from '../shared/auth-store';
import type { BotCheckController } from '../shared/bot-check';
import type { OverlayText } from '../shared/Overlay';
import { checkSignup } from './form-rules';
import { interpretVerification, screenFor, type SignupScreen } from './outcomes';
import { invoiceSentPath } from '../../contract/invoice-purchase';
import type { InvoicePurchase } from '../shared/BankTransferDialog';
import {
  checkCode,
  registerEmailInvoice,
  registerEmailTrial,
  registerGoogleInvoice,
  registerGoogleTrial,
  sendCode,
} from './signup-api';
import type { FieldError, SignupValues } from './signup-values';
import {
  chosenSeats,
  continueStandardSignup,
  paysByInvoice,
  type StandardSignup,
} from './standard-checkout';
import type { ResendResult } from './VerificationModal';

export { clearAuthError } from '../shared/auth-store';

/** The data the code was sent for; a resend sends it again. */
export type Pending = Omit<VerifiedFormData, 'plan'> & { plan: SignupPlan };

/** What the steps change on the page (use-signup-flow.ts owns the state). */
export interface SignupPage {
  pending: { current: Pending | null };
  /** Set once a sign-in completes: the overlay stays up while the browser leaves for the next page. */
  leaving: { current: boolean };
  setError: (error: FieldError | null) => void;
  setScreen: (screen: SignupScreen) => void;
  setBusy: (busy: boolean) => void;
  setOverlay: (text: OverlayText | null) => void;
  setVerification: (verification: { expiresIn: number; email: string } | null) => void;
  /** The code was sent: the verification modal loads and stays mounted from then on. */
  markVerificationUsed: () => void;
  /**
   * A verified Standard signup paying by bank transfer for `seats` seats: the page opens the
   * bank-transfer form.
   */
  startInvoice: (signup: StandardSignup, seats: number) => void;
}

/** A failure's error screen (then null), else the inline message for it. */
function fail(
  page: SignupPage,
  failure: unknown,
  fallback: string,
  networkFallback?: string,
): string | null {
  const next = screenFor(failure);
  if (next) {
    page.setVerification(null);
    page.setScreen(next);
    return null;
  }
  return messageFor(failure, fallback, networkFallback);
}

/** Check the form, take a bot-check token and send the code. */
export async function submit(
  page: SignupPage,
  { plan, values }: { plan: SignupPlan; values: SignupValues },
  fingerprint: { id: string | null; failed: boolean },
  bot: BotCheckController | null,
): Promise<void> {
  const { setError } = page;
  const problem = checkSignup(values);
  if (problem) return setError(problem);
  if (fingerprint.failed || !fingerprint.id)
    return setError({ message: Messages.fingerprintFailed, field: null });
  const token = await bot?.takeToken();
  if (!token) return setError({ message: Messages.recaptchaNotReady, field: null });
  const customerName = values.customerName.trim();
  const email = normalizeEmail(values.email);
  const fingerprintId = fingerprint.id;
  page.setBusy(true);
  try {
    const sent = await sendCode({
      customerName,
      email,
      plan,
      recaptchaToken: token,
      fingerprintId,
    });
    page.pending.current = { customerName, email, fingerprintId, plan };
    page.setVerification({ expiresIn: sent.expiresIn || limits.codeValiditySeconds, email });
    page.markVerificationUsed();
  } catch (failure) {
    const message = fail(page, failure, Messages.sendFailed, Messages.sendNetwork);
    if (message) setError({ message, field: null });
  } finally {
    page.setBusy(false);
  }
}

/** Check the code, then create the trial account or start the Standard checkout. */
export async function verify(
  page: SignupPage,
  password: string,
  code: string,
): Promise<string | null> {
  const data = page.pending.current;
  if (!data) return Messages.verifyMissingData;
  const { setOverlay, leaving } = page;
  // The code check and the registration have different default messages.
  let stage: 'verify' | 'register' = 'verify';
  setOverlay('Verifying Information');
  try {
    const result = interpretVerification(await checkCode(data.email, code));
    if (!result.ok) return result.message;
    stage = 'register';
    setOverlay('Creating Your Account');
    if (result.formData.plan === 'standard' && paysByInvoice()) {
      page.setVerification(null);
      page.startInvoice({ formData: result.formData, password }, chosenSeats());
      return null;
    }
    if (result.formData.plan === 'standard') {
      await continueStandardSignup({ formData: result.formData, password }, () => {
        leaving.current = true;
        setOverlay('Redirecting you to secure checkout...');
      });
      return null;
    }
    const created = await registerEmailTrial(result.formData, password);
    leaving.current = true;
    completeSignIn(created);
    return null;
  } catch (failure) {
    const fallback = stage === 'verify' ? Messages.invalidCode : Messages.emailSignupDefault;
    return fail(page, failure, fallback, Messages.verifyNetwork);
  } finally {
    if (!leaving.current) setOverlay(null);
  }
}

/** Send the pending form data again with a fresh bot-check token. */
export async function resend(page: SignupPage, recaptchaToken: string): Promise<ResendResult> {
  const data = page.pending.current;
  if (!data) return { error: Messages.resendFailed };
  try {
    const sent = await sendCode({ ...data, recaptchaToken, resend: true });
    return { attempt: sent.attempt, expiresIn: sent.expiresIn || limits.codeValiditySeconds };
  } catch (failure) {
    const message = fail(page, failure, Messages.resendFailed, Messages.resendFailedRetry);
    return { error: message ?? Messages.resendFailed };
  }
}

/** Sign up with a Google ID token for `plan` (the overlay is already up). */
export async function signUpWithGoogle(
  page: SignupPage,
  fingerprint: Promise<string | null>,
  googleToken: string,
  plan: SignupPlan,
): Promise<void> {
  const { setError, setOverlay, leaving } = page;
  try {
    const fingerprintId = await fingerprint;
    if (!fingerprintId) return setError({ message: Messages.fingerprintFailed, field: null });
    const body: RegisterGoogleBody = { googleToken, agreeToTerms: true, fingerprintId, plan };
    if (plan === 'standard' && paysByInvoice()) {
      const formData = { customerName: '', email: '', plan, fingerprintId };
      page.startInvoice({ formData, googleToken }, chosenSeats());
      return;
    }
    if (plan === 'standard') {
      const formData = { customerName: '', email: '', plan, fingerprintId };
      await continueStandardSignup({ formData, googleToken }, () => {
        leaving.current = true;
        setOverlay('Redirecting you to secure checkout...');
      });
      return;
    }
    const created = await registerGoogleTrial(body);
    leaving.current = true;
    completeSignIn(created);
  } catch (failure) {
    const message =
      failure instanceof ApiFailure
        ? fail(page, failure, Messages.googleSignupDefault)
        : Messages.googleUnknown;
    if (message) setError({ message, field: null });
  } finally {
    if (!leaving.current) setOverlay(null);
  }
}

/**
 * The bank-transfer form's confirmation: the verified signup and the purchase in one call; the
 * new account is signed in and lands on Billing & Invoices, which says the team is ready. A
 * failure is thrown to the form, which shows it.
 */
export async function confirmInvoice(
  page: SignupPage,
  signup: StandardSignup,
  purchase: InvoicePurchase,
): Promise<void> {
  const { formData, googleToken, password } = signup;
  const done = googleToken
    ? await registerGoogleInvoice(
        {
          googleToken,
          agreeToTerms: true,
          fingerprintId: formData.fingerprintId,
          plan: 'standard',
        },
        purchase,
      )
    : await registerEmailInvoice(formData, password ?? '', purchase);
  page.leaving.current = true;
  completeSignIn(done, invoiceSentPath(done.invoice.id));
}
