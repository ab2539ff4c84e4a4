/**
 * A software authenticator for the Worker tests: it makes real WebAuthn answers (what
 * @simplewebauthn/browser hands the API) with an ES256 key from crypto.subtle, so the server's
 * verification runs for real. It can lie the ways an attacker or another site would: another
 * origin or rpID, no user verification, a signature by another key.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/** How one answer is made; by default, honestly for `origin`. */
export interface Ceremony {
  /** The page's origin the browser reports in clientDataJSON. */
  origin: string;
  /** The rpID whose hash the authenticator signs (default: the origin's host name). */
  rpId?: string;
  /** Whether the authenticator verified the user (fingerprint, PIN). */
  userVerified?: boolean;
  /** Overrides the challenge signed (default: the options' own). */
  challenge?: string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const bytes = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

const sha256 = async (data: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(data)));

const uint32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
};

const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

/** WebCrypto signs ECDSA as r‖s; WebAuthn wants the ASN.1 DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (part: Uint8Array) => {
    let start = 0;
    while (start < part.length - 1 && part[start] === 0) start++;
    let value = part.slice(start);
    if ((value[0] ?? 0) & 0x80) value = bytes(new Uint8Array([0]), value);
    return bytes(new Uint8Array([0x02, value.length]), value);
  };
  const body = bytes(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return bytes(new Uint8Array([0x30, body.length]), body);
}

export class SoftAuthenticator {
  /** The user handle the passkey was made for (its account id), once registered. */
  userHandle: string | undefined;

  private constructor(
    readonly credentialId: Uint8Array,
    private keys: CryptoKeyPair,
    public counter: number,
  ) {}

  /** A new authenticator holding one credential, not yet registered anywhere. */
  static async create(counter = 0): Promise<SoftAuthenticator> {
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    return new SoftAuthenticator(crypto.getRandomValues(new Uint8Array(32)), keys, counter);
  }

  /** The credential id, base64url (the passkey's id on the server). */
  get id(): string {
    return b64url(this.credentialId);
  }

  /** The same credential id signing with a new key (a forged or cloned passkey). */
  async withOtherKey(): Promise<SoftAuthenticator> {
    const other = await SoftAuthenticator.create(this.counter);
    const twin = new SoftAuthenticator(this.credentialId, other.keys, this.counter);
    twin.userHandle = this.userHandle;
    return twin;
  }

  private async coseKey(): Promise<Uint8Array> {
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]);
    return isoCBOR.encode(key);
  }

  private async authData(rpId: string, flags: number, attested?: Uint8Array) {
    const rpIdHash = await sha256(new TextEncoder().encode(rpId));
    return bytes(
      rpIdHash,
      new Uint8Array([flags]),
      uint32(this.counter),
      attested ?? new Uint8Array(),
    );
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array {
    return new TextEncoder().encode(
      JSON.stringify({ type, challenge, origin, crossOrigin: false }),
    );
  }

  /** What `startRegistration` answers for `options`. */
  async register(
    options: PublicKeyCredentialCreationOptionsJSON,
    ceremony: Ceremony,
  ): Promise<RegistrationResponseJSON> {
    const rpId = ceremony.rpId ?? new URL(ceremony.origin).hostname;
    const uv = ceremony.userVerified ?? true;
    this.userHandle = options.user.id;
    const attested = bytes(
      new Uint8Array(16), // AAGUID: none
      new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      await this.coseKey(),
    );
    const authData = await this.authData(rpId, FLAG_UP | (uv ? FLAG_UV : 0) | FLAG_AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const clientDataJSON = this.clientData(
      'webauthn.create',
      ceremony.challenge ?? options.challenge,
      ceremony.origin,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** What `startAuthentication` answers for `options`; the counter goes up by one. */
  async authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    ceremony: Ceremony,
  ): Promise<AuthenticationResponseJSON> {
    const rpId = ceremony.rpId ?? new URL(ceremony.origin).hostname;
    const uv = ceremony.userVerified ?? true;
    this.counter += 1;
    const authenticatorData = await this.authData(rpId, FLAG_UP | (uv ? FLAG_UV : 0));
    const clientDataJSON = this.clientData(
      'webauthn.get',
      ceremony.challenge ?? options.challenge,
      ceremony.origin,
    );
    const signed = bytes(authenticatorData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
