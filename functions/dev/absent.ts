/**
 * What a production build has in place of load.ts (scripts/build-worker.mjs): no development
 * stand-ins. Same exports as load.ts; the type import leaves nothing in the build.
 */
import type { StandIns } from './stand-ins';

export type { StandIns };

export const standIns: StandIns | undefined = undefined;
