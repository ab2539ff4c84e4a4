/**
 * Legal and policy figures, used by the legal pages (`legal` of src/site.config.ts).
 * One export per value: a bundle that reads one of them carries that one (and inlines it).
 */
export const privacyLastUpdated = 'June 21, 2025';
export const termsLastUpdated = 'June 21, 2025';
export const refundLastUpdated = 'June 21, 2025';
export const minimumAge = 18;
export const retention = {
  account: 'while your account is active plus 3 years',
  paymentRecords: '7 years',
  usageLogs: '12 months',
  supportTickets: '3 years',
} as const;
export const breachAssessmentHours = 24;
export const breachNotificationHours = 72;
export const policyChangeNoticeDays = 7;
export const termsChangeNoticeDays = 7;
export const priceIncreaseNoticeDays = 30;
export const refundReportWindowDays = 30;
export const outageRefundThresholdDays = 7;
export const refundReviewBusinessDays = '5-7';
export const liabilityCapMonths = 12;
export const governingLaw = 'Florida';
export const venueCounty = 'Hillsborough County, Florida';
export const arbitrationClaimLimitUsd = 1000;
