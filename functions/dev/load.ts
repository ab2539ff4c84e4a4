/**
 * The door to the development stand-ins (stand-ins.ts): the composition root (functions/deps.ts)
 * and the app (functions/app.ts, for the /dev tools) import them from here and nowhere else. A
 * production build (scripts/build-worker.mjs, the default of `wrangler deploy`) puts absent.ts in
 * this module's place, so it contains none of them; development builds (`wrangler dev`, `npm
 * start`) and the tests have them. Where they are missing, development without a provider's
 * settings fails closed as production does.
 */
import { standIns as built, type StandIns } from './stand-ins';

export type { StandIns };

export const standIns: StandIns | undefined = built;
