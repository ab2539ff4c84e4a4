/**
 * The short-lived download link of an offered update: `/api/releases/download/<version>?token=…`
 * where the token is an HS256 JWT bound to the license, the device and the version, valid
 * `limits.releaseDownloadLinkMinutes`. The plugin has no browser session, so the link itself is
 * the permission; it is signed with a key derived from JWT_SECRET for this purpose alone, so no
 * session token can pass for one, nor one for a session.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { limits } from '../../../src/site.config';
import { fail } from '../../lib/errors';
import { hmacBytes } from '../shared/crypto';
import type { Millis } from '../shared/db';

const ALGORITHM = 'HS256';
const ISSUER = 'sheetwright';
const AUDIENCE = 'sheetwright-release-download';

/** What a download link grants: this version, to this device of this license. */
export interface DownloadGrant {
  licenseId: string;
  deviceId: string;
  version: string;
}

function linkKey(jwtSecret: string): Promise<Uint8Array<ArrayBuffer>> {
  return hmacBytes(jwtSecret, 'sheetwright/release-download');
}

/** The path of a download link (absolute URLs are built with the request's origin). */
export function downloadPath(version: string, token: string): string {
  return `/api/releases/download/${encodeURIComponent(version)}?token=${encodeURIComponent(token)}`;
}

/** Signs a link for `grant` at `now`; answers the token and when it stops working. */
export async function signDownloadToken(
  jwtSecret: string,
  grant: DownloadGrant,
  now: Millis,
): Promise<{ token: string; expiresAt: Millis }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + limits.releaseDownloadLinkMinutes * 60;
  const token = await new SignJWT({ did: grant.deviceId, ver: grant.version })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(grant.licenseId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await linkKey(jwtSecret));
  return { token, expiresAt: exp * 1000 };
}

/**
 * The grant of a link for `version`, or 403 DOWNLOAD_LINK_INVALID: a token we did not sign, one
 * for another version, or one past its expiry (the plugin then checks for updates again).
 */
export async function verifyDownloadToken(
  jwtSecret: string,
  token: string,
  version: string,
  now: Millis,
): Promise<DownloadGrant> {
  try {
    const { payload } = await jwtVerify(token, await linkKey(jwtSecret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: new Date(now),
    });
    const { sub, did, ver } = payload;
    if (typeof sub !== 'string' || typeof did !== 'string' || ver !== version) {
      throw fail('DOWNLOAD_LINK_INVALID');
    }
    return { licenseId: sub, deviceId: did, version };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
      throw fail('DOWNLOAD_LINK_INVALID');
    }
    throw error;
  }
}
