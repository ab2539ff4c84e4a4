/**
 * The safety net of automatic refunds: a refund left `pending` (the provider failed, or the
 * Worker died between recording it and refunding) is attempted again; the provider call is
 * idempotent per refund row, so the customer is refunded once.
 */
import { attemptRefund, dueRefunds } from '../billing/refunds';
import type { Deps } from '../shared/deps';
import type { JobCounts } from './job';
import { PartialJobFailure } from './job';

/** Refunds retried per run. */
const BATCH = 20;

export async function retryRefunds(deps: Deps): Promise<JobCounts> {
  let refunded = 0;
  let stillPending = 0;
  for (const row of await dueRefunds(deps, BATCH)) {
    const after = await attemptRefund(deps, row);
    if (after.status === 'refunded') refunded += 1;
    else stillPending += 1;
  }
  const counts = { refunded, stillPending };
  if (stillPending > 0) {
    throw new PartialJobFailure(`${stillPending} refunds could not be made yet`, counts);
  }
  return counts;
}
