/** The Billing & Invoices data: GET /api/billing (shared/use-load.ts does the rest). */
import { apiCall } from '../shared/api';
import { dashboardProblem } from '../shared/session-ended';
import { useLoad } from '../shared/use-load';
import { isGetBillingOverviewAnswer } from '../../generated/answers/GetBillingOverviewAnswer';

export const billingLoadFailed = 'We could not load your billing details. Please try again.';
export const billingNetwork = 'Network error. Please check your connection and try again.';

const loadBilling = () => apiCall('GET', '/api/billing', isGetBillingOverviewAnswer);
const problem = dashboardProblem(billingLoadFailed, billingNetwork);

export function useBilling() {
  return useLoad(loadBilling, problem);
}
