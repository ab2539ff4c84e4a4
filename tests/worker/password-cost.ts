// A cheaper PBKDF2 for the Worker tests. Production hashes every password with 100 000
// iterations (functions/services/core/users/passwords.ts), about 40 to 75 ms of one core each;
// the Worker tests sign up and sign in thousands of times, and those hashes were a third of their
// time. setup.ts installs this stand-in once per runtime: Web Crypto's deriveBits still receives
// exactly what the Worker asks for (the same password, pepper, salt and iteration count, which the
// stored hash records), and runs PBKDF2 with a thousandth of the iterations. Everything above the
// primitive runs as in production: the stored string, the checks of the stored parameters, the
// decoy hash, one derivation per check. password-cost.test.ts proves, with the real primitive,
// that a sign-up stores the full 100 000-iteration hash and that this stand-in is in place.

/** The factor the iteration count is divided by (rounded up, at least one iteration). */
export const PBKDF2_TEST_DIVISOR = 1000;

type DeriveBits = SubtleCrypto['deriveBits'];

const REAL = Symbol.for('sheetwright.tests.realDeriveBits');
type Marked = SubtleCrypto & { [REAL]?: DeriveBits };

function isPbkdf2(algorithm: Parameters<DeriveBits>[0]): algorithm is Pbkdf2Params {
  return (
    typeof algorithm === 'object' &&
    typeof algorithm.name === 'string' &&
    algorithm.name.toUpperCase() === 'PBKDF2'
  );
}

/** Web Crypto's own deriveBits, bound to crypto.subtle (installed or not). */
export function realDeriveBits(): DeriveBits {
  const subtle = crypto.subtle as Marked;
  return (subtle[REAL] ?? subtle.deriveBits).bind(subtle);
}

/**
 * Puts the cheaper PBKDF2 in place of crypto.subtle.deriveBits, once per runtime (the files of a
 * vitest worker share one; calling it again changes nothing). It is a plain property, not a vitest
 * mock, so the `vi.restoreAllMocks()` of a file does not take it away, and a test's own spy on
 * deriveBits sees the arguments the Worker passed.
 */
export function installCheapPbkdf2(): void {
  const subtle = crypto.subtle as Marked;
  if (subtle[REAL]) return;
  const real = subtle.deriveBits.bind(subtle);
  Object.defineProperty(subtle, REAL, { value: real });
  const cheap: DeriveBits = (algorithm, baseKey, length) => {
    if (!isPbkdf2(algorithm)) return real(algorithm, baseKey, length);
    const iterations = Math.max(1, Math.ceil(algorithm.iterations / PBKDF2_TEST_DIVISOR));
    return real({ ...algorithm, iterations }, baseKey, length);
  };
  Object.defineProperty(subtle, 'deriveBits', { configurable: true, writable: true, value: cheap });
}

/** Whether the cheaper PBKDF2 is in place. */
export function cheapPbkdf2Installed(): boolean {
  return (crypto.subtle as Marked)[REAL] !== undefined;
}

/**
 * Runs `work` with Web Crypto's own PBKDF2 (production's full cost), then puts the stand-in back.
 * Only for the tests that prove the cost itself.
 */
export async function withRealPbkdf2<T>(work: () => Promise<T>): Promise<T> {
  const subtle = crypto.subtle as Marked;
  const cheap = subtle.deriveBits.bind(subtle);
  subtle.deriveBits = realDeriveBits();
  try {
    return await work();
  } finally {
    subtle.deriveBits = cheap;
  }
}
