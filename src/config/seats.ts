/**
 * Standard sold per seat (`seats` of src/site.config.ts).
 * One export per value: a bundle that reads one of them carries that one (and inlines it).
 */

/**
 * Standard is sold per seat: one purchase holds `min` to `max` seats. One seat is a personal
 * license; `teamMinimum` or more make a team (an organization the buyer owns). From
 * `invoiceMinimum` seats a team may pay by invoice (bank transfer) due in `invoiceDueDays` days.
 */
export const standardSeats = {
  min: 1,
  max: 250,
  teamMinimum: 2,
  invoiceMinimum: 5,
  invoiceDueDays: 30,
} as const;
