/** A passkey the browser refused names its cause when the person can act on it. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages } from '../../src/contract/messages';
import { refusalText } from '../../src/islands/shared/webauthn';

const cancelled = Messages.passkeyNotCreated;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refusalText', () => {
  it('names an IP address as the cause, as @simplewebauthn/browser reports it', () => {
    expect(refusalText({ name: 'WebAuthnError', code: 'ERROR_INVALID_DOMAIN' }, cancelled)).toBe(
      Messages.passkeyNeedsDomain,
    );
    expect(refusalText({ name: 'WebAuthnError', code: 'ERROR_INVALID_RP_ID' }, cancelled)).toBe(
      Messages.passkeyWrongAddress,
    );
  });

  it("reads the browser's own SecurityError by the address it was refused at", () => {
    const securityError = new DOMException('This is an invalid domain.', 'SecurityError');
    vi.stubGlobal('window', { location: { hostname: '192.168.1.20' } });
    expect(refusalText(securityError, cancelled)).toBe(Messages.passkeyNeedsDomain);
    vi.stubGlobal('window', { location: { hostname: '[::1]' } });
    expect(refusalText(securityError, cancelled)).toBe(Messages.passkeyNeedsDomain);
    vi.stubGlobal('window', { location: { hostname: 'sheetwright.example' } });
    expect(refusalText(securityError, cancelled)).toBe(Messages.passkeyWrongAddress);
  });

  it('keeps the plain text for a closed prompt, and names a passkey already on the device', () => {
    const closed = new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    );
    expect(refusalText(closed, cancelled)).toBe('No passkey was saved. Please try again.');
    expect(refusalText({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }, cancelled)).toBe(
      Messages.passkeyOnThisDevice,
    );
    expect(refusalText(null, cancelled)).toBe(cancelled);
  });
});
