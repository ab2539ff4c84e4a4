/** Why a payment could not be applied (mirrors payment_refunds.reason). */
export const refundReasons = [
  'account_exists',
  'already_paying',
  'account_deleted',
  'enterprise',
  'unknown_reference',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/** Why, as the start of a sentence (the payment page and the refund e-mail). */
export const refundReasonText: Record<RefundReason, string> = {
  account_exists: 'You already have an account',
  already_paying: 'You already have the Standard plan',
  account_deleted: 'This account was deleted',
  enterprise: 'Your account is on the Enterprise plan',
  unknown_reference: 'We could not match this payment to a signup',
};
