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
    throw new ApiFailure(0, refusalText(error, cancelled), PASSKEY_CANCELLED);
  }
}

/**
 * Why the browser refused, in words: its SecurityError names a cause the person can act on (an IP
 * address instead of a site name; WebAuthn needs a domain), unlike a closed prompt.
 */
export function refusalText(error: unknown, cancelled: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return Messages.passkeyOnThisDevice;
  if (code === 'ERROR_INVALID_DOMAIN') return Messages.passkeyNeedsDomain;
  if (code === 'ERROR_INVALID_RP_ID') return Messages.passkeyWrongAddress;
  if ((error as { name?: unknown } | null)?.name === 'SecurityError') {
    return isIpAddress(window.location.hostname)
      ? Messages.passkeyNeedsDomain
      : Messages.passkeyWrongAddress;
  }
  return cancelled;
}

/** An IPv4 address, or an IPv6 one (which a URL's host name writes in brackets). */
function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}
