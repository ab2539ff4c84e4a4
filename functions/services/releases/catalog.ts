/**
 * The releases the Worker knows (src/generated/releases.ts, from src/content/releases/; `deps.
 * releases`, so tests can ship their own): which are offered on a channel, which is newest, and
 * the current version.
 */
import {
  newestStableVersion,
  type Release,
  type ReleaseChannel,
} from '../../../src/releases/releases';
import { compareVersions, newestBy } from '../../../src/releases/versions';

/** The releases a plugin on `channel` may be offered: stable ones, and on beta the betas too. */
export function onChannel(releases: readonly Release[], channel: ReleaseChannel): Release[] {
  return releases.filter((release) => release.channel === 'stable' || channel === 'beta');
}

/** The newest of `releases` by version; undefined for none. */
export function newestRelease(releases: readonly Release[]): Release | undefined {
  return newestBy(releases, (release) => release.version);
}

/** The releases newer than `version`. */
export function newerThan(releases: readonly Release[], version: string): Release[] {
  return releases.filter((release) => compareVersions(release.version, version) > 0);
}

/** The release with this version. */
export function findRelease(releases: readonly Release[], version: string): Release | undefined {
  return releases.find((release) => release.version === version);
}

/** The current version: the newest stable release (scripts/releases.ts refuses a list without one). */
export function currentVersionOf(releases: readonly Release[]): string {
  const version = newestStableVersion(releases);
  if (version === undefined) throw new Error('No stable release: there is no current version');
  return version;
}
