/**
 * The sign-in pages' calls (login, signup, passkey sign-in) run through `runAuthCall`, which keeps
 * the auth store's loading flag and error (auth-store.ts). Apart from auth-calls.ts, which the
 * signed-in pages load, so those do not carry it.
 */
import { errorState } from './api';
import { updateAuth } from './auth-store';

/**
 * Runs one auth call with the loading flag on. Its failure is stored as `{ message, code }` with
 * the caller's default text when the server gave none; `rethrow` is for signup callers, which
 * choose a screen by code (login callers do not: they show the stored error).
 */
export async function runAuthCall<T>(
  call: () => Promise<T>,
  fallback: string,
  options: { rethrow?: boolean; networkFallback?: string } = {},
): Promise<T | undefined> {
  updateAuth({ loading: true, error: null });
  try {
    return await call();
  } catch (error) {
    updateAuth({ error: errorState(error, fallback, options.networkFallback) });
    if (options.rethrow) throw error;
    return undefined;
  } finally {
    updateAuth({ loading: false });
  }
}
