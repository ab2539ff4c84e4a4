/**
 * What the command-line scripts share (license-client.ts, release.ts): a usage error, and
 * telling one from a failure. Node runs this file directly (type stripping): erasable TypeScript
 * only.
 */

/** A mistake in the command line: the script prints it with its usage and exits 2. */
export class UsageError extends Error {}

/** Whether `error` is a usage error: ours, or one of `parseArgs` (unknown or malformed option). */
export function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof TypeError &&
      String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
  );
}
