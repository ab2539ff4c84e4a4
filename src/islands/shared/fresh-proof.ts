/**
 * Step-up for the islands. A change to how the account signs in, or any change made from the
 * console, is refused with 403 FRESH_VERIFICATION_REQUIRED when the person has not proved their
 * strongest factor in the last 10 minutes (functions/services/core/users/step-up.ts). Wrapped in
 * `withFreshProof`, such a call asks for that proof in a dialog and is sent once more; the dialog
 * (ProofDialog.tsx) loads only then. The server checks the proof before changing anything, so
 * sending the same call again is safe.
 */
import { ErrorCode } from '../../contract/error-codes';
import { ApiFailure } from './api';

/** True for the refusal that a fresh proof answers. */
export function wantsFreshProof(failure: unknown): failure is ApiFailure {
  return failure instanceof ApiFailure && failure.code === ErrorCode.FRESH_VERIFICATION_REQUIRED;
}

/**
 * Runs `call`; when it wants a fresh proof, asks for it and runs `call` again. Cancelled, the
 * refusal is thrown as it came (its message says what to prove).
 */
export async function withFreshProof<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (failure) {
    if (!wantsFreshProof(failure)) throw failure;
    const { askForProof } = await import('./ProofDialog');
    if (!(await askForProof())) throw failure;
    return call();
  }
}
