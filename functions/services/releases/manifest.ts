/**
 * An update offer: the release as the plugin reads it (version, notes, a short-lived download
 * link, size, SHA-256) and the same facts in a manifest signed with the license key, so the
 * plugin can trust the size and hash it checks the download against with the public key it
 * already keeps for license files.
 */
import type { LicenseRow } from '../../db/schema';
import {
  RELEASE_MANIFEST_AUDIENCE,
  type ReleaseManifestClaims,
  type ReleaseOffer,
} from '../../../src/contract/schemas/releases';
import { LICENSE_FILE_ISSUER } from '../../../src/contract/schemas/licensing';
import { releaseNotesPath, type Release } from '../../../src/releases/releases';
import { signWithLicenseKey } from '../core/licenses/license-file';
import type { Deps } from '../shared/deps';
import { downloadPath, signDownloadToken } from './download-links';

/** The link to a release's notes on the site the request came to. */
export function notesUrl(origin: string, version: string): string {
  return new URL(releaseNotesPath(version), origin).href;
}

/** Offers `release` to device `deviceId` of `license`: the offer and its signed manifest. */
export async function offerRelease(
  { now, origin, secrets }: Pick<Deps, 'now' | 'origin' | 'secrets'>,
  license: Pick<LicenseRow, 'id' | 'userId'>,
  deviceId: string,
  release: Release,
): Promise<{ release: ReleaseOffer; manifest: string }> {
  const { version, channel, date, installer } = release;
  const link = await signDownloadToken(
    secrets.jwtSecret,
    { licenseId: license.id, deviceId, version },
    now,
  );
  const offer: ReleaseOffer = {
    version,
    channel,
    date,
    notesUrl: notesUrl(origin, version),
    downloadUrl: new URL(downloadPath(version, link.token), origin).href,
    downloadExpiresAt: new Date(link.expiresAt).toISOString(),
    size: installer.size,
    sha256: installer.sha256,
  };
  const claims: ReleaseManifestClaims = {
    iss: LICENSE_FILE_ISSUER,
    aud: RELEASE_MANIFEST_AUDIENCE,
    sub: license.userId,
    lid: license.id,
    did: deviceId,
    version,
    channel,
    date,
    notesUrl: offer.notesUrl,
    downloadUrl: offer.downloadUrl,
    size: offer.size,
    sha256: offer.sha256,
    iat: Math.floor(now / 1000),
    // The offer ends with its download link: a later check makes a new one.
    exp: Math.floor(link.expiresAt / 1000),
  };
  return { release: offer, manifest: await signWithLicenseKey(secrets.licenseSigningKey, claims) };
}
