/** Which plan /signup is for; its own module, as the page needs it before anything else loads. */
import type { SignupPlan } from '../../contract/signup';

/** The plan of /signup?plan=: standard only when the query names it, otherwise the trial. */
export function signupPlanFromQuery(search: string): SignupPlan {
  return new URLSearchParams(search).get('plan')?.trim().toLowerCase() === 'standard'
    ? 'standard'
    : 'trial';
}

/**
 * The seats of /signup?plan=standard&seats=N: a whole number one purchase may hold, else 1 (a
 * single buyer sees today's purchase).
 */
export function signupSeatsFromQuery(search: string, max: number): number {
  const value = new URLSearchParams(search).get('seats')?.trim() ?? '';
  const seats = /^\d{1,4}$/.test(value) ? Number(value) : 1;
  return seats >= 1 && seats <= max ? seats : 1;
}

/**
 * How a Standard signup pays: `invoice` (bank transfer) when the query says `pay=invoice` and the
 * seats are at least `invoiceMinimum`, otherwise by card.
 */
export function signupPaysByInvoice(
  search: string,
  seats: number,
  invoiceMinimum: number,
): boolean {
  return new URLSearchParams(search).get('pay') === 'invoice' && seats >= invoiceMinimum;
}
