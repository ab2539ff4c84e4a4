/**
 * The safety net of operators' refunds: one an operator claimed (`pending`, audited) whose Worker
 * died before the provider refunded it is made after `STUCK_REFUND_AFTER_MS`, with the same
 * idempotency key (services/admin/money.ts). One the provider refuses is left `failed` on the
 * money page, for an operator to retry or explain.
 */
import { finishStuckRefunds } from '../admin/money';
import type { Deps } from '../shared/deps';
import { PartialJobFailure, type JobCounts } from './job';

/** Refunds finished per run. */
const BATCH = 20;

export async function finishOperatorRefunds(deps: Deps): Promise<JobCounts> {
  const counts = await finishStuckRefunds(deps, BATCH);
  if (counts.refused > 0) {
    throw new PartialJobFailure(`${counts.refused} operator refunds were refused`, counts);
  }
  return counts;
}
