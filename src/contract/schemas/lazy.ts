/**
 * A zod schema built the first time it is used, not when its module loads: `z.lazy`, here for
 * speed rather than recursion. Building zod schemas is real work (each one sets up its checks and
 * parsers), and the Worker declares hundreds, for routes a given isolate may never serve; built at
 * import they were most of its cold start (docs/performance.md, "Cold start"). So every
 * module-level schema the Worker loads is declared `lazySchema(() => z.object(…))`: the wrapper
 * costs one small object, parses and documents exactly as the schema it wraps (the OpenAPI
 * document is the same), and builds that schema on first use. What an eager schema offers beyond
 * parsing (`.extend`, `.shape`) is on `.unwrap()`.
 *
 * Path and query parameters of a declared route (src/contract/api/) may be lazy too: the OpenAPI
 * document (document.ts) builds them before the generator reads their fields to list the
 * parameters.
 */
import { z } from 'zod';

export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(build);
}
