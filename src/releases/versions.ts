/**
 * Release versions and their order: semantic versioning's `MAJOR.MINOR.PATCH` with an optional
 * pre-release part (`1.2.0-beta.1`), and no build metadata, which would not order. Shared by the
 * site, the Worker and the scripts, so the changelog, the current version and the update check
 * can never disagree about which version is newer.
 *
 * Node runs this file through type stripping (scripts/releases.ts): erasable TypeScript only.
 */

const NUMBER = '0|[1-9]\\d*';
const IDENTIFIER = `${NUMBER}|\\d*[A-Za-z-][0-9A-Za-z-]*`;

/** A release version, e.g. `1.1.0` or `1.2.0-beta.1`; at most 32 characters (versionMaxLength). */
export const VERSION_PATTERN = new RegExp(
  `^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-((?:${IDENTIFIER})(?:\\.(?:${IDENTIFIER}))*))?$`,
);

/** The longest version we store, put into object keys and file names. */
export const versionMaxLength = 32;

interface ParsedVersion {
  core: [number, number, number];
  /** Pre-release identifiers; empty for a release version. */
  pre: (number | string)[];
}

function parse(version: string): ParsedVersion {
  const match = version.length <= versionMaxLength ? VERSION_PATTERN.exec(version) : null;
  if (!match) throw new Error(`"${version}" is not a version (MAJOR.MINOR.PATCH[-pre.release])`);
  const [, major, minor, patch, pre] = match;
  return {
    core: [Number(major), Number(minor), Number(patch)],
    pre: pre ? pre.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [],
  };
}

/** Whether `version` is a well-formed release version. */
export function isVersion(version: string): boolean {
  return version.length <= versionMaxLength && VERSION_PATTERN.test(version);
}

/** Whether `version` has a pre-release part (`1.2.0-beta.1`). */
export function isPrerelease(version: string): boolean {
  return parse(version).pre.length > 0;
}

/** Compares two pre-release identifiers: numbers numerically and before words, words in ASCII order. */
function compareIdentifiers(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Semantic versioning's precedence: negative when `a` is older than `b`, positive when newer,
 * 0 when equal. `1.2.0-beta.1` < `1.2.0-beta.2` < `1.2.0-rc.1` < `1.2.0` < `1.10.0`.
 * Throws on a malformed version.
 */
export function compareVersions(a: string, b: string): number {
  const left = parse(a);
  const right = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const difference = left.core[i]! - right.core[i]!;
    if (difference !== 0) return Math.sign(difference);
  }
  // A version without a pre-release part is newer than any pre-release of it.
  if (left.pre.length === 0 || right.pre.length === 0) {
    return Math.sign(right.pre.length - left.pre.length);
  }
  for (let i = 0; i < Math.max(left.pre.length, right.pre.length); i += 1) {
    const x = left.pre[i];
    const y = right.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const difference = compareIdentifiers(x, y);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** The item of `items` with the newest version by `compareVersions`; undefined for none. */
export function newestBy<T>(items: Iterable<T>, versionOf: (item: T) => string): T | undefined {
  let newest: T | undefined;
  for (const item of items) {
    if (newest === undefined || compareVersions(versionOf(item), versionOf(newest)) > 0) {
      newest = item;
    }
  }
  return newest;
}

/** The newest of `versions` by `compareVersions`; undefined for none. */
export function newestVersion(versions: Iterable<string>): string | undefined {
  return newestBy(versions, (version) => version);
}
