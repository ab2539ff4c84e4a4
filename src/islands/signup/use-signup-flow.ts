/**
 * The state of the signup flow: the form's values, its error, the error screen, the
 * busy flag, the overlay and the verification modal. What happens when a person acts (checks,
 * bot check, the calls and their answers) is in signup-steps.ts, loaded on the first keystroke
 * or click, so the page hydrates with the form alone (budgets: docs/performance.md).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Messages } from '../../contract/messages';
import { normalizeEmail } from '../../contract/rules';
import { signupSeatsFromQuery } from '../../lib/auth/signup-plan';
import { seats as seatRules } from '../../site.config';
import { paysByInvoiceIn } from './SeatChooser';
import type { SignupPlan } from '../../contract/signup';
import type { BotCheckController } from '../shared/bot-check';
import { getFingerprint } from '../shared/fingerprint';
import type { OverlayText } from '../shared/Overlay';
import type { SignupScreen } from './outcomes';
import type { Pending, SignupPage } from './signup-steps';
import type { StandardSignup } from './standard-checkout';
import type { InvoicePurchase } from '../shared/BankTransferDialog';
import { emptySignup, type FieldError, type SignupValues } from './signup-values';
import type { ResendResult } from './VerificationModal';

/** The steps, loaded on first use; null when the chunk cannot be fetched (offline), which each
 * step reports as its network failure. */
const steps = () => import('./signup-steps').catch(() => null);

export function useSignupFlow(
  plan: SignupPlan,
  fingerprint: string | null,
  fingerprintFailed: boolean,
) {
  const [values, setValues] = useState<SignupValues>(emptySignup);
  const [error, setError] = useState<FieldError | null>(null);
  const [screen, setScreen] = useState<SignupScreen | null>(null);
  const [busy, setBusy] = useState(false);
  const [overlay, setOverlay] = useState<OverlayText | null>(null);
  const [verification, setVerification] = useState<{ expiresIn: number; email: string } | null>(
    null,
  );
  /** True once a code was sent: the verification modal is loaded and stays mounted from then. */
  const [verificationUsed, setVerificationUsed] = useState(false);
  /**
   * A verified signup paying by bank transfer, waiting in the bank-transfer form (kept when the
   * form is closed, so submitting the same e-mail again reopens it instead of a new code).
   */
  const [invoice, setInvoice] = useState<InvoiceSignup | null>(null);
  const pending = useRef<Pending | null>(null);
  const bot = useRef<BotCheckController | null>(null);
  /** Set once a sign-in completes: the overlay stays up while the browser leaves for /dashboard. */
  const leaving = useRef(false);

  /** What the steps change; every part is stable, so the object is made once. */
  const page = useMemo<SignupPage>(
    () => ({
      pending,
      leaving,
      setError,
      setScreen,
      setBusy,
      setOverlay,
      setVerification,
      markVerificationUsed: () => setVerificationUsed(true),
      startInvoice: (signup, seats) =>
        setInvoice({ signup, seats, open: true, purchaseId: crypto.randomUUID() }),
    }),
    [],
  );

  /** Changing any field clears the displayed errors. */
  const change = useCallback((patch: Partial<SignupValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
    // The person is typing: have the sending code ready by the time they submit.
    void steps().then((step) => step?.clearAuthError());
  }, []);

  const submit = useCallback(async () => {
    // Verified already and only the bank-transfer form was closed: open it again, for the seats
    // chosen now (a buyer who went back to paying by card sends the form as usual).
    if (
      invoice &&
      !invoice.signup.googleToken &&
      invoice.signup.formData.email === normalizeEmail(values.email) &&
      paysByInvoiceIn(window.location.search)
    ) {
      const seats = signupSeatsFromQuery(window.location.search, seatRules.standardSeats.max);
      setInvoice({ ...invoice, seats, open: true });
      return;
    }
    const step = await steps();
    if (!step) return setError({ message: Messages.sendNetwork, field: null });
    await step.submit(
      page,
      { plan, values },
      { id: fingerprint, failed: fingerprintFailed },
      bot.current,
    );
  }, [page, plan, values, fingerprint, fingerprintFailed, invoice]);

  /** The bank-transfer form's confirmation; a failure is thrown back to the form. */
  const confirmInvoice = useCallback(
    async (purchase: InvoicePurchase) => {
      const step = await steps();
      if (!step || !invoice) throw new Error('The signup steps could not be loaded.');
      await step.confirmInvoice(page, invoice.signup, purchase);
    },
    [page, invoice],
  );

  const closeInvoice = useCallback(() => {
    setInvoice((current) => current && { ...current, open: false });
  }, []);

  const verify = useCallback(
    async (code: string): Promise<string | null> => {
      if (!pending.current) return Messages.verifyMissingData;
      const step = await steps();
      if (!step) return Messages.verifyNetwork;
      return step.verify(page, values.password, code);
    },
    [page, values.password],
  );

  const resend = useCallback(
    async (recaptchaToken: string): Promise<ResendResult> => {
      if (!pending.current) return { error: Messages.resendFailed };
      const step = await steps();
      if (!step) return { error: Messages.resendFailedRetry };
      return step.resend(page, recaptchaToken);
    },
    [page],
  );

  /** Cancel and Start Over resets the form and the modal. */
  const startOver = useCallback(() => {
    pending.current = null;
    setInvoice(null);
    setVerification(null);
    setValues(emptySignup);
    setError(null);
    setScreen(null);
    void steps().then((step) => step?.clearAuthError());
  }, []);

  /** Escape closes the modal but keeps the form, so a stray key press loses nothing. */
  const closeVerification = useCallback(() => {
    setVerification(null);
  }, []);

  /** 'Use a Different Email' / 'Try Different Email': back to the form without the e-mail. */
  const differentEmail = useCallback(() => {
    setScreen(null);
    setError(null);
    setValues((current) => ({ ...current, email: '' }));
    void steps().then((step) => step?.clearAuthError());
  }, []);

  const signUpWithGoogle = useCallback(
    async (googleToken: string, googlePlan: SignupPlan) => {
      setError(null);
      setOverlay('Creating Your Account');
      const step = await steps();
      if (!step) {
        setOverlay(null);
        return setError({ message: Messages.sendNetwork, field: null });
      }
      const fingerprintId = getFingerprint().catch(() => null);
      await step.signUpWithGoogle(page, fingerprintId, googleToken, googlePlan);
    },
    [page],
  );

  return {
    values,
    change,
    error,
    setError,
    screen,
    busy,
    overlay,
    verification,
    verificationUsed,
    bot,
    submit,
    verify,
    resend,
    startOver,
    closeVerification,
    differentEmail,
    signUpWithGoogle,
    invoice,
    confirmInvoice,
    closeInvoice,
  };
}

/** A verified Standard signup paying by bank transfer, and its bank-transfer form. */
interface InvoiceSignup {
  signup: StandardSignup;
  seats: number;
  open: boolean;
  /** One per verified signup: every confirmation of it is the same purchase. */
  purchaseId: string;
}
