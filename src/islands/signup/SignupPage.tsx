/**
 * /signup?plan=trial|standard, 'Let's get you started'.
 * The plan comes from the query (trial by default); the fingerprint loads at the first input; signed-in
 * visitors get a member notice (member-check.ts), whose upgrade opens a real checkout.
 */
import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { SignupPlan } from '../../contract/signup';
import { Messages } from '../../contract/messages';
import type { MemberNotice } from '../../lib/auth/member-notice';
import { signupPlanFromQuery } from '../../lib/auth/signup-plan';
import { TOKEN_EXPIRATION_KEY, USER_KEY } from '../../lib/auth/storage-keys';
import { withErrorBoundary } from '../ErrorBoundary';
import { afterFirstInput, getFingerprint } from '../shared/fingerprint';
import { Overlay } from '../shared/Overlay';
import { PlanPanel, type SignupPlanDetails } from './PlanPanel';
import { SignupForm } from './SignupForm';
import { useSignupFlow } from './use-signup-flow';
import '../shared/forms.css';
import '../auth/auth.css';
import './signup.css';

// Shown only after a send, a failure or for a signed-in visitor, so each loads then.
const VerificationModal = lazy(async () => ({
  default: (await import('./VerificationModal')).VerificationModal,
}));
const ErrorScreen = lazy(async () => ({ default: (await import('./ErrorScreens')).ErrorScreen }));
const MemberModal = lazy(async () => ({ default: (await import('./MemberModal')).MemberModal }));
// Only a team paying by bank transfer sees it, after the e-mail is verified.
const BankTransferDialog = lazy(async () => ({
  default: (await import('../shared/BankTransferDialog')).BankTransferDialog,
}));

const noSubscription = () => () => {};

/**
 * True when storage holds any part of a session. Only then is there a session to restore (or
 * leftovers to clear), so only then is member-check.ts loaded.
 */
function sessionStored(): boolean {
  return (
    localStorage.getItem(USER_KEY) !== null || localStorage.getItem(TOKEN_EXPIRATION_KEY) !== null
  );
}

/** The plan in the URL; the server render (and hydration) use the default, trial. */
function usePlan(): SignupPlan {
  return useSyncExternalStore(
    noSubscription,
    () => signupPlanFromQuery(window.location.search),
    () => 'trial',
  );
}

type Fingerprint = { status: 'loading' } | { status: 'ready'; id: string } | { status: 'failed' };

interface Props {
  /** The two plans one can sign up for, from the plan config (kept out of the bundle). */
  plans: Record<SignupPlan, SignupPlanDetails>;
}

function SignupPage({ plans }: Props) {
  const plan = usePlan();
  const details = plans[plan];
  const [fingerprint, setFingerprint] = useState<Fingerprint>({ status: 'loading' });
  /** The member notice; kept (closed) after closing so its modal returns focus as it closes. */
  const [member, setMember] = useState<{ notice: MemberNotice; open: boolean } | null>(null);
  const flow = useSignupFlow(
    plan,
    fingerprint.status === 'ready' ? fingerprint.id : null,
    fingerprint.status === 'failed',
  );
  const { signUpWithGoogle, setError } = flow;

  useEffect(() => {
    let current = true;
    afterFirstInput(window)
      .then(getFingerprint)
      .then((id) => current && setFingerprint({ status: 'ready', id }))
      .catch((error: unknown) => {
        console.warn('Fingerprint failed', error);
        if (!current) return;
        setFingerprint({ status: 'failed' });
        setError({ message: Messages.fingerprintFailed, field: null });
      });
    return () => {
      current = false;
    };
  }, [setError]);

  // Storage and the URL fragment exist only in the browser, so they are read after hydration.
  useEffect(() => {
    if (!sessionStored()) return;
    let current = true;
    import('./member-check')
      .then(({ memberNoticeOnLoad }) => {
        const notice = memberNoticeOnLoad(plan);
        if (notice && current) setMember({ notice, open: true });
      })
      .catch((error: unknown) => console.warn('Session check could not be loaded', error));
    return () => {
      current = false;
    };
  }, [plan]);

  useEffect(() => {
    // Only a return from Google's consent page has a fragment; google.ts is loaded only then.
    if (!window.location.hash) return;
    import('../shared/google')
      .then(({ consumeGoogleReturn }) => {
        const google = consumeGoogleReturn();
        if (!google) return;
        if ('credential' in google && google.intent?.kind === 'signup')
          void signUpWithGoogle(google.credential, google.intent.plan);
        else setError({ message: Messages.googleAuthFailed, field: null });
      })
      .catch((error: unknown) => console.warn('Google sign-in could not be loaded', error));
  }, [signUpWithGoogle, setError]);

  const beforeGoogle = useCallback(() => {
    if (flow.values.agreeToTerms) return true;
    setError({ message: Messages.termsRequired, field: 'agreeToTerms' });
    return false;
  }, [flow.values.agreeToTerms, setError]);

  return (
    <div className="signup-layout">
      <div className="card auth-card signup-main">
        <h1>Let&apos;s get you started</h1>
        {/* On narrow screens the plan panel comes after the form, so its price is repeated here. */}
        <p className="signup-plan-line">
          {details.name}: {details.priceLabel} {details.period}
        </p>
        {flow.screen ? (
          <Suspense fallback={null}>
            <ErrorScreen screen={flow.screen} onDifferentEmail={flow.differentEmail} />
          </Suspense>
        ) : (
          <SignupForm
            plan={plan}
            values={flow.values}
            onChange={flow.change}
            onSubmit={() => void flow.submit()}
            error={flow.error}
            initializing={fingerprint.status === 'loading'}
            busy={flow.busy}
            bot={flow.bot}
            onGoogleCredential={(credential) => {
              if (beforeGoogle()) void signUpWithGoogle(credential, plan);
            }}
            onGoogleError={(message) => setError({ message, field: null })}
            beforeGoogle={beforeGoogle}
          />
        )}
      </div>
      <PlanPanel plan={plan} details={details} />
      {flow.verificationUsed && (
        <Suspense fallback={null}>
          <VerificationModal
            open={flow.verification !== null}
            email={flow.verification?.email ?? ''}
            expiresIn={flow.verification?.expiresIn ?? 0}
            onVerify={flow.verify}
            onResend={flow.resend}
            onCancel={flow.startOver}
            onDismiss={flow.closeVerification}
          />
        </Suspense>
      )}
      {flow.invoice && (
        <Suspense fallback={null}>
          <BankTransferDialog
            open={flow.invoice.open}
            onClose={flow.closeInvoice}
            purchaseId={flow.invoice.purchaseId}
            seats={flow.invoice.seats}
            onConfirm={flow.confirmInvoice}
          />
        </Suspense>
      )}
      {member && (
        <Suspense fallback={null}>
          <MemberModal
            notice={member.open ? member.notice : null}
            onClose={() => setMember({ ...member, open: false })}
          />
        </Suspense>
      )}
      <Overlay text={flow.overlay} />
    </div>
  );
}

export default withErrorBoundary(SignupPage);
