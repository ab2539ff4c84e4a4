/**
 * Google sign-in. Production uses Google Identity Services: its own button returns an
 * ID token (credential) to a callback. Development uses /dev/google, a consent page that sends the
 * browser back with `#google_credential=<jwt>` (or `#google_error=access_denied`); what was being
 * done (log in, or sign up for a plan) is remembered in sessionStorage across that round trip.
 */
import type { SignupPlan } from '../../contract/signup';
import { loadScript } from './config';

export type GoogleIntent = { kind: 'login' } | { kind: 'signup'; plan: SignupPlan };

/** What came back from a /dev/google round trip. */
export type GoogleReturn =
  | { credential: string; intent: GoogleIntent | null }
  | { error: string; intent: GoogleIntent | null };

const INTENT_KEY = 'sw.googleIntent';

/** Parses the fragment the consent page returns with; null when it carries neither key. */
export function parseGoogleFragment(
  hash: string,
): { credential: string } | { error: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const credential = params.get('google_credential');
  if (credential) return { credential };
  const error = params.get('google_error');
  if (error) return { error };
  return null;
}

function parseIntent(raw: string | null): GoogleIntent | null {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<{ kind: string; plan: string }> | null;
    if (value?.kind === 'login') return { kind: 'login' };
    if (value?.kind === 'signup')
      return { kind: 'signup', plan: value.plan === 'standard' ? 'standard' : 'trial' };
  } catch {
    // A damaged entry is the same as none.
  }
  return null;
}

/** Starts the development consent round trip for `intent`, coming back to this page. */
export function startLocalGoogle(intent: GoogleIntent): void {
  sessionStorage.setItem(INTENT_KEY, JSON.stringify(intent));
  const returnTo = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/dev/google?return_to=${encodeURIComponent(returnTo)}`);
}

/**
 * Reads and removes the consent page's answer from the URL (so a reload or a shared link cannot
 * replay the credential) together with the remembered intent.
 */
export function consumeGoogleReturn(): GoogleReturn | null {
  const result = parseGoogleFragment(window.location.hash);
  if (!result) return null;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  const intent = parseIntent(sessionStorage.getItem(INTENT_KEY));
  sessionStorage.removeItem(INTENT_KEY);
  return { ...result, intent };
}

interface GoogleIdApi {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

/**
 * Renders Google's own button (its text "Continue with Google" / "Sign up with Google" is the
 * product's wording) and calls `onCredential` with each ID token it returns.
 */
export async function renderGisButton(
  parent: HTMLElement,
  clientId: string,
  text: 'continue_with' | 'signup_with',
  onCredential: (credential: string | null) => void,
): Promise<void> {
  await loadScript('https://accounts.google.com/gsi/client');
  const id = window.google?.accounts?.id;
  if (!id || !clientId) throw new Error('Google sign-in is not available');
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    callback: (response) => onCredential(response.credential ?? null),
  });
  id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text,
    shape: 'rectangular',
    width: Math.min(parent.clientWidth || 320, 400),
  });
}
