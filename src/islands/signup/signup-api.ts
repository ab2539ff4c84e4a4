/**
 * The signup calls (send and check the code, register a trial or a Standard signup), each run
 * through the auth store (loading flag, error state) and re-thrown to the caller, which picks a
 * screen by the error's code.
 */
import type {
  RegisterEmailBody,
  RegisterGoogleBody,
  SendVerificationBody,
} from '../../contract/schemas/auth';
import { Messages } from '../../contract/messages';
import { type StandardCheckoutResponse } from '../../contract/payments';
import { type InvoiceSignupResponse } from '../../contract/invoice-purchase';
import type { InvoicePurchase } from '../shared/BankTransferDialog';
import { type VerifiedFormData } from '../../contract/signup';
import { type AuthResponse } from '../../contract/user';
import { apiCall } from '../shared/api';
import { runAuthCall } from '../shared/run-auth-call';
import { verifyAnswerSchema } from './outcomes';
import { isCheckoutAnswer } from '../../generated/answers/CheckoutAnswer';
import { isSendVerificationCodeAnswer } from '../../generated/answers/SendVerificationCodeAnswer';
import { isSessionAnswer } from '../../generated/answers/SessionAnswer';
import { isSignUpEmailByInvoiceAnswer } from '../../generated/answers/SignUpEmailByInvoiceAnswer';

/** runAuthCall with rethrow never resolves to undefined; this narrows the type. */
async function rethrowing<T>(
  call: () => Promise<T>,
  fallback: string,
  networkFallback?: string,
): Promise<T> {
  const options = networkFallback ? { rethrow: true, networkFallback } : { rethrow: true };
  return (await runAuthCall(call, fallback, options)) as T;
}

/** POST /api/send-verification-email, first send or resend (`resend: true`). */
export function sendCode(body: SendVerificationBody) {
  const resend = body.resend === true;
  return rethrowing(
    () => apiCall('POST', '/api/send-verification-email', isSendVerificationCodeAnswer, body),
    resend ? Messages.resendFailed : Messages.sendFailed,
    resend ? Messages.resendFailedRetry : Messages.sendNetwork,
  );
}

/** POST /api/verify-email-code */
export function checkCode(email: string, code: string) {
  return rethrowing(
    () => apiCall('POST', '/api/verify-email-code', verifyAnswerSchema, { email, code }),
    Messages.invalidCode,
    Messages.verifyNetwork,
  );
}

/** The signup payload: the verified form data (never the browser's own copy) and the password. */
function registration(formData: VerifiedFormData, password: string) {
  const { customerName, email, fingerprintId } = formData;
  return { customerName, email, password, agreeToTerms: true as const, fingerprintId };
}

/** POST /api/register-email-trial with the verified form data and the password from the form. */
export function registerEmailTrial(
  formData: VerifiedFormData,
  password: string,
): Promise<AuthResponse> {
  const body: RegisterEmailBody = { ...registration(formData, password), plan: 'trial' };
  return rethrowing(
    () => apiCall('POST', '/api/register-email-trial', isSessionAnswer, body),
    Messages.emailSignupDefault,
  );
}

/** POST /api/register-google-trial */
export function registerGoogleTrial(body: RegisterGoogleBody): Promise<AuthResponse> {
  return rethrowing(
    () => apiCall('POST', '/api/register-google-trial', isSessionAnswer, body),
    Messages.googleSignupDefault,
  );
}

/** POST /api/register-email-standard: where to pay for the Standard plan. */
export function registerEmailStandard(
  formData: VerifiedFormData,
  password: string,
  seats = 1,
): Promise<StandardCheckoutResponse> {
  const body: RegisterEmailBody = {
    ...registration(formData, password),
    plan: 'standard',
    ...(seats > 1 ? { seats } : {}),
  };
  return rethrowing(
    () => apiCall('POST', '/api/register-email-standard', isCheckoutAnswer, body),
    Messages.emailSignupDefault,
  );
}

/** POST /api/register-google-standard */
export function registerGoogleStandard(
  body: RegisterGoogleBody,
): Promise<StandardCheckoutResponse> {
  return rethrowing(
    () => apiCall('POST', '/api/register-google-standard', isCheckoutAnswer, body),
    Messages.googleSignupDefault,
  );
}

/**
 * POST /api/register-email-standard-invoice: the verified signup paying by bank transfer; the
 * account, its team and the invoice are made at once and the browser is signed in.
 */
export function registerEmailInvoice(
  formData: VerifiedFormData,
  password: string,
  purchase: InvoicePurchase,
): Promise<InvoiceSignupResponse> {
  const body = { ...registration(formData, password), plan: 'standard' as const, ...purchase };
  return rethrowing(
    () =>
      apiCall('POST', '/api/register-email-standard-invoice', isSignUpEmailByInvoiceAnswer, body),
    Messages.emailSignupDefault,
  );
}

/** POST /api/register-google-standard-invoice */
export function registerGoogleInvoice(
  body: RegisterGoogleBody,
  purchase: InvoicePurchase,
): Promise<InvoiceSignupResponse> {
  return rethrowing(
    () =>
      apiCall('POST', '/api/register-google-standard-invoice', isSignUpEmailByInvoiceAnswer, {
        ...body,
        ...purchase,
      }),
    Messages.googleSignupDefault,
  );
}
