/**
 * Releases as the site, the Worker and the scripts read them: channels, the record the Worker
 * keeps (src/generated/releases.ts), their order and where their notes are. The frontmatter
 * schema of an entry is entry.ts; version order is versions.ts.
 *
 * Node runs this file through type stripping (scripts/releases.ts): erasable TypeScript only.
 */
import { compareVersions, newestVersion } from './versions.ts';

/**
 * Who is offered a release: `stable` goes to every plugin whose plan includes updates (and is
 * the site's current version); `beta` only to plugins that ask for the beta channel.
 */
export const releaseChannels = ['stable', 'beta'] as const;
export type ReleaseChannel = (typeof releaseChannels)[number];

/** The maturity label shown before the version on /changelog ("Beta 1.0.0"). */
export const releaseStages = ['Alpha', 'Beta', 'Release'] as const;

/** The installer of a release in the R2 bucket of the DOWNLOADS binding. */
export interface ReleaseInstaller {
  /** Object key, e.g. `installers/1.1.0/Sheetwright-Setup-1.1.0.exe`. */
  key: string;
  /** Bytes. */
  size: number;
  /** SHA-256 of the file, lower-case hex. */
  sha256: string;
}

/** What the Worker knows of a release (src/generated/releases.ts). */
export interface Release {
  version: string;
  channel: ReleaseChannel;
  /** Release date, `YYYY-MM-DD` (UTC). */
  date: string;
  installer: ReleaseInstaller;
}

/** `items` sorted newest version first. */
export function newestFirst<T>(items: readonly T[], versionOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareVersions(versionOf(b), versionOf(a)));
}

/**
 * The current version: the newest stable release. It is what the site shows, what Standard and
 * Enterprise accounts download and what a new trial is issued for.
 */
export function newestStableVersion(
  releases: readonly { version: string; channel: ReleaseChannel }[],
): string | undefined {
  return newestVersion(releases.filter((r) => r.channel === 'stable').map((r) => r.version));
}

/** The id of a release's heading on /changelog: `v1.1.0`. */
export function releaseAnchor(version: string): string {
  return `v${version}`;
}

/** Where a release's notes are read: `/changelog#v1.1.0`. */
export function releaseNotesPath(version: string): string {
  return `/changelog#${releaseAnchor(version)}`;
}
