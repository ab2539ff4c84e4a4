/**
 * The browser side of a passkey ceremony: @simplewebauthn/browser, loaded only when a ceremony
 * starts (page budgets: docs/performance.md), and its refusals turned into ApiFailure so an island
 * shows every failure one way (`messageFor`).
 */
import { Messages } from '../../contract/messages';
import { ApiFailure, NETWORK_ERROR } from './api';

/** The code of a ceremony the browser refused: prompt closed, timed out, or no passkey to use. */
export const PASSKEY_CANCELLED = 'PASSKEY_CANCELLED';

type WebAuthnBrowser = typeof import('@simplewebauthn/browser');

/** Loads @simplewebauthn/browser; a failed load (offline) is a network failure. */
export async function loadWebAuthn(): Promise<WebAuthnBrowser> {
  try {
    return await import('@simplewebauthn/browser');
  } catch {
    throw new ApiFailure(0, '', NETWORK_ERROR);
  }
}

/**
 * Runs `ceremony` with the library; a refusal becomes ApiFailure PASSKEY_CANCELLED with
 * `cancelled` as its text (the browser's own wording names no next step).
 */
export async function runCeremony<T>(
  ceremony: (webauthn: WebAuthnBrowser) => Promise<T>,
  cancelled: string,
): Promise<T> {
  const webauthn = await loadWebAuthn();
  if (!webauthn.browserSupportsWebAuthn()) {
    throw new ApiFailure(0, Messages.passkeyUnsupported, PASSKEY_CANCELLED);
  }
  try {
    return await ceremony(webauthn);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const message =
      code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
        ? Messages.passkeyOnThisDevice
        : cancelled;
    throw new ApiFailure(0, message, PASSKEY_CANCELLED);
  }
}
