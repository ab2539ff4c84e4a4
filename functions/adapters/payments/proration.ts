/**
 * Proration by day, as the local stand-in charges added seats: each added seat costs its yearly
 * price times the days left in the period over the period's days. A day begun counts whole, so
 * seats added on the first day cost a full year and on the last day one day's share.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Cents before tax for `added` seats at `unitAmount` a period, from `at` to `periodEnd`. */
export function prorateByDay(input: {
  added: number;
  unitAmount: number;
  at: number;
  periodStart: number;
  periodEnd: number;
}): { subtotal: number; daysLeft: number; periodDays: number } {
  const periodDays = Math.max(1, Math.round((input.periodEnd - input.periodStart) / DAY_MS));
  const daysLeft = Math.min(
    periodDays,
    Math.max(0, Math.ceil((input.periodEnd - input.at) / DAY_MS)),
  );
  return {
    subtotal: Math.round((input.added * input.unitAmount * daysLeft) / periodDays),
    daysLeft,
    periodDays,
  };
}
