/** The Billing & Invoices data: GET /api/billing (shared/use-overview.ts does the rest). */
import { billingOverviewSchema, type BillingOverview } from '../../contract/billing';
import { apiCall } from '../shared/api';
import { useOverview, type OverviewState } from '../shared/use-overview';

export { leftForLogin } from '../shared/use-overview';

export const billingLoadFailed = 'We could not load your billing details. Please try again.';
export const billingNetwork = 'Network error. Please check your connection and try again.';

export type BillingState = OverviewState<BillingOverview>;

const loadBilling = () => apiCall('GET', '/api/billing', billingOverviewSchema);
const messages = { failed: billingLoadFailed, network: billingNetwork };

export function useBilling() {
  return useOverview(loadBilling, messages);
}
