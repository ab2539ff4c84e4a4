/**
 * Texts of the operator console (API answers and the console's own labels); gathered as
 * `ConsoleMessages` by messages.ts. Operators read them, customers never do.
 */

export const signInAgain =
  'For your safety the console needs a sign-in from the last 12 hours. Please sign in again.';
export const notAnOperator = 'You are not allowed to do this.';
export const staleState =
  'Someone changed this customer meanwhile, or it is no longer in that state. Reload and try again.';
export const customerNotFound = 'No customer has this id.';
export const licenseNotOfCustomer = 'This license does not belong to this customer.';
export const deviceNotActive = 'This device is not active on any license of this customer.';
export const notCurrentLicense = 'Only the current license can be replaced.';
export const restoreWindowOver = 'The restore window is over: the account has been purged.';
export const notDeleted = 'This account is not scheduled for deletion.';
export const alreadyDeleted = 'This account is already scheduled for deletion.';
export const invoiceNotFound = 'No payment of this customer has this id.';
export const alreadyRefunded = 'This payment has already been refunded, or a refund is under way.';
export const notPaid = 'Only a paid payment can be refunded.';
export const refundFailed = 'The payment provider refused the refund. Try again later.';
export const searchTooShort = 'Type at least 2 characters to search.';
export const messageNotFound = 'No contact message has this id.';
export const refundNotDue = 'This refund is not waiting for a retry.';
export const mailNotDead = 'This e-mail is not dead-lettered.';
export const refundNotFound = 'No automatic refund has this id.';
export const mailNotFound = 'No e-mail has this id.';
export const paymentNotFound = 'No payment has this id.';
export const noteNotFound = 'No note of this customer has this id.';
export const notYourNote = 'Only the operator who wrote a note can delete it.';
export const replyIdTaken =
  'This reply id belongs to another message. Reload the inbox and try again.';
export const subscriptionAlreadyEnded = 'The subscription has already ended.';
export const subscriptionNotEnding = 'The subscription is not set to end: it already renews.';
export const subscriptionResumeEnded =
  'The paid period has ended, so the subscription cannot be resumed. The customer can buy Standard again.';
export const subscriptionAlreadyEnding =
  'The subscription is already set to end at the end of the paid period.';

// Success answers.
export const licenseExtended = 'The license end date has been changed.';
export const licenseSuspended = 'The license has been suspended.';
export const licenseReinstated = 'The license has been reinstated.';
export const licenseRevoked = 'The license has been revoked and its devices freed.';
export const deviceFreed = 'The device has been freed.';
export const deactivationsReset = 'The deactivation budget has been reset.';
export const keyReplaced =
  'A new license key has been issued and e-mailed; the old key is revoked and its devices freed.';
export const licenseMailResent = 'The license e-mail has been queued.';
export const signedOutEverywhere = 'The customer has been signed out everywhere.';
export const subscriptionCancelledAtPeriodEnd =
  'The subscription will end at the end of the paid period.';
export const subscriptionCancelledNow = 'The subscription has been cancelled now.';
export const paymentRefunded = 'The payment has been refunded.';
export const paymentRefundedAndCancelled =
  'The payment has been refunded and the subscription cancelled now.';
export const subscriptionResumed = 'The subscription has been resumed: it renews again.';
export const refundCancelNotPossible =
  'There is no running subscription to cancel with this refund.';
export const deletionScheduled = 'The account has been scheduled for deletion.';
export const accountRestored = 'The account has been restored.';
export const messageHandled = 'The message has been marked handled.';
export const refundRetried = 'The refund has been tried again.';
export const mailRetried = 'The e-mail has been queued again.';
export const noteAdded = 'The note has been added.';
export const noteDeleted = 'The note has been deleted.';
export const replySent = 'The reply has been sent by e-mail and the message marked handled.';
/** The audit rows of notes and replies: the texts stay out of the log, which outlives the purge. */
export const noteAddedReason = 'Internal note added';
export const noteDeletedReason = 'Internal note deleted';
export const replyReason = 'Replied by e-mail';
export const repliedNote = 'Replied by e-mail.';

// Enterprise organizations.
export const ownerNotFound =
  'No account has this e-mail. The owner must sign up first (a free trial is enough).';
export const termOrder = 'The term must end after it starts.';
export const organizationNotFound = 'No organization has this id.';
export const seatsBelowTaken =
  'Someone changed this organization meanwhile, or the new number of seats is below the seats taken. Reload and try again.';
export const organizationCreated = 'The organization has been created.';
export const organizationUpdated = 'The organization has been updated.';
