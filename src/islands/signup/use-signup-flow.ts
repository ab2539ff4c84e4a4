/**
 * The signup flow of SPEC §4: client checks, bot check, send the code, verify it, then create
 * the trial account (or hand a Standard signup to the checkout step). Google sign-up is the
 * alternative path. Screens and inline errors follow SPEC §8 through `screenFor`.
 */
import { useCallback, useRef, useState } from 'react';
import type { RegisterGoogleBody } from '../../contract/auth';
import { Messages } from '../../contract/messages';
import type { SignupPlan, VerifiedFormData } from '../../contract/signup';
import { limits } from '../../site.config';
import { clearAuthError, completeSignIn } from '../shared/auth-store';
import type { BotCheckController } from '../shared/bot-check';
import { getFingerprint } from '../shared/fingerprint';
import type { OverlayText } from '../shared/Overlay';
import { emptySignup, type FieldError, type SignupValues } from './signup-values';
import type { SignupScreen } from './outcomes';
import type { ResendResult } from './VerificationModal';

/**
 * Checks, calls and answers of the flow, loaded on first use (signup-steps.ts); null when the
 * chunk cannot be fetched (offline), which each step reports as its network failure.
 */
const steps = () => import('./signup-steps').catch(() => null);
type Steps = NonNullable<Awaited<ReturnType<typeof steps>>>;

/** The data the code was sent for; a resend sends it again. */
type Pending = Omit<VerifiedFormData, 'plan'> & { plan: SignupPlan };

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
  const pending = useRef<Pending | null>(null);
  const bot = useRef<BotCheckController | null>(null);
  /** Set once a sign-in completes: the overlay stays up while the browser leaves for /dashboard. */
  const leaving = useRef(false);

  /** SPEC §5: changing any field clears the displayed errors. */
  const change = useCallback((patch: Partial<SignupValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
    clearAuthError();
    void steps(); // The person is typing: have the sending code ready by the time they submit.
  }, []);

  const fail = useCallback(
    (step: Steps, failure: unknown, fallback: string, networkFallback?: string) => {
      const next = step.screenFor(failure);
      if (next) {
        setVerification(null);
        setScreen(next);
        return null;
      }
      return step.messageFor(failure, fallback, networkFallback);
    },
    [],
  );

  const submit = useCallback(async () => {
    const step = await steps();
    if (!step) return setError({ message: Messages.sendNetwork, field: null });
    const problem = step.checkSignup(values);
    if (problem) return setError(problem);
    if (fingerprintFailed || !fingerprint)
      return setError({ message: Messages.fingerprintFailed, field: null });
    const token = await bot.current?.takeToken();
    if (!token) return setError({ message: Messages.recaptchaNotReady, field: null });
    const customerName = values.customerName.trim();
    const email = step.normalizeEmail(values.email);
    const fingerprintId = fingerprint;
    setBusy(true);
    try {
      const sent = await step.sendCode({
        customerName,
        email,
        plan,
        recaptchaToken: token,
        fingerprintId,
      });
      pending.current = { customerName, email, fingerprintId, plan };
      setVerification({ expiresIn: sent.expiresIn || limits.codeValiditySeconds, email });
      setVerificationUsed(true);
    } catch (failure) {
      const message = fail(step, failure, Messages.sendFailed, Messages.sendNetwork);
      if (message) setError({ message, field: null });
    } finally {
      setBusy(false);
    }
  }, [values, plan, fingerprint, fingerprintFailed, fail]);

  const verify = useCallback(
    async (code: string): Promise<string | null> => {
      const data = pending.current;
      if (!data) return Messages.verifyMissingData;
      const step = await steps();
      if (!step) return Messages.verifyNetwork;
      // The code check and the registration have different SPEC §8 default messages.
      let stage: 'verify' | 'register' = 'verify';
      setOverlay('Verifying Information');
      try {
        const result = step.interpretVerification(await step.checkCode(data.email, code));
        if (!result.ok) return result.message;
        if (result.formData.plan === 'standard') {
          stage = 'register';
          setOverlay('Creating Your Account');
          await step.continueStandardSignup(
            { formData: result.formData, password: values.password },
            () => {
              leaving.current = true;
              setOverlay('Redirecting you to secure checkout...');
            },
          );
          return null;
        }
        stage = 'register';
        setOverlay('Creating Your Account');
        const created = await step.registerEmailTrial(result.formData, values.password);
        leaving.current = true;
        completeSignIn(created);
        return null;
      } catch (failure) {
        const fallback = stage === 'verify' ? Messages.invalidCode : Messages.emailSignupDefault;
        return fail(step, failure, fallback, Messages.verifyNetwork);
      } finally {
        if (!leaving.current) setOverlay(null);
      }
    },
    [values.password, fail],
  );

  const resend = useCallback(
    async (recaptchaToken: string): Promise<ResendResult> => {
      const data = pending.current;
      if (!data) return { error: Messages.resendFailed };
      const step = await steps();
      if (!step) return { error: Messages.resendFailedRetry };
      try {
        const sent = await step.sendCode({ ...data, recaptchaToken, resend: true });
        return { attempt: sent.attempt, expiresIn: sent.expiresIn || limits.codeValiditySeconds };
      } catch (failure) {
        const message = fail(step, failure, Messages.resendFailed, Messages.resendFailedRetry);
        return { error: message ?? Messages.resendFailed };
      }
    },
    [fail],
  );

  /** SPEC §4: Cancel and Start Over resets the form and the modal. */
  const startOver = useCallback(() => {
    pending.current = null;
    setVerification(null);
    setValues(emptySignup);
    setError(null);
    setScreen(null);
    clearAuthError();
  }, []);

  /** Escape closes the modal but keeps the form, so a stray key press loses nothing. */
  const closeVerification = useCallback(() => {
    setVerification(null);
  }, []);

  /** 'Use a Different Email' / 'Try Different Email': back to the form without the e-mail. */
  const differentEmail = useCallback(() => {
    setScreen(null);
    setError(null);
    clearAuthError();
    setValues((current) => ({ ...current, email: '' }));
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
      try {
        const fingerprintId = await getFingerprint().catch(() => null);
        if (!fingerprintId) return setError({ message: Messages.fingerprintFailed, field: null });
        const body: RegisterGoogleBody = {
          googleToken,
          agreeToTerms: true,
          fingerprintId,
          plan: googlePlan,
        };
        if (googlePlan === 'standard') {
          const formData = { customerName: '', email: '', plan: googlePlan, fingerprintId };
          await step.continueStandardSignup({ formData, googleToken }, () => {
            leaving.current = true;
            setOverlay('Redirecting you to secure checkout...');
          });
          return;
        }
        const created = await step.registerGoogleTrial(body);
        leaving.current = true;
        completeSignIn(created);
      } catch (failure) {
        const message =
          failure instanceof step.ApiFailure
            ? fail(step, failure, Messages.googleSignupDefault)
            : Messages.googleUnknown;
        if (message) setError({ message, field: null });
      } finally {
        if (!leaving.current) setOverlay(null);
      }
    },
    [fail],
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
  };
}
