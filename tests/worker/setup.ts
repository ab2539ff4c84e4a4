// Runs before each worker test file. The files share one runtime and its loaded modules
// (vitest.config.ts, isolate: false), so each starts here from what a runtime of its own would give
// it: empty storage, the real D1 migrations applied (the schema production has; vitest.config.ts
// reads the SQL in Node and passes it in as TEST_MIGRATIONS), and no mock or stubbed global left
// over from the file before.
import { reset, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { installCheapPbkdf2 } from './password-cost';
import { applySchema } from './schema-snapshot';

vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.useRealTimers();
// Password hashing at a thousandth of production's PBKDF2 iterations (password-cost.ts says why and
// what stays as in production; password-cost.test.ts proves the production cost).
installCheapPbkdf2();
// Deletes the data of every attached binding (the D1 database among them): a new runtime has none.
await reset();
const { TEST_MIGRATIONS } = env as Env & { TEST_MIGRATIONS: D1Migration[] };
// The migrations' schema: applied for real in the runtime's first file, laid down again from what
// they made in the others (schema-snapshot.ts).
await applySchema(env.DB, TEST_MIGRATIONS);

// What the Worker imports on first use (the e-mail renderer, the password list, the PDF library,
// WebAuthn, the Stripe SDK; docs/architecture.md, "The Worker's build") is loaded once here. In
// the tests Vite transforms each module on its first import, far slower than a Worker loads a
// chunk: done inside a test, it would count against the test's time and change the order of the
// concurrent requests some tests race. The code paths still run their import(), which resolves
// at once.
await Promise.all([
  import('../../functions/services/core/mail/html'),
  import('../../functions/services/core/users/common-passwords'),
  import('../../functions/adapters/payments/stripe-sdk'),
  import('pdf-lib'),
  import('@simplewebauthn/server'),
]);
