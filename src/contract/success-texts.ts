/** Success messages the API answers (`message` of its JSON bodies); gathered as `SuccessMessages`. */

export const codeSent = 'Verification code sent.';
export const emailVerified = 'Email verified successfully.';
export const loggedOut = 'You have been logged out.';
export const accountDeleted = 'Your account has been scheduled for deletion.';
/** Same answer whether or not the e-mail has an account (no account probing). */
export const resetRequested =
  'If an account exists for this email, we have sent a link to reset your password.';
export const passwordChanged =
  'Your password has been changed. Your other sessions have been signed out.';
export const passwordReset = 'Your password has been reset. Please log in with your new password.';
export const contactSent = 'Thank you! Your message has been sent.';
export const subscriptionCancelled =
  'Your subscription has been cancelled. Your license stays active until the end of the paid period.';
export const subscriptionResumed = 'Your subscription has been resumed and will renew.';
export const deviceDeactivated = 'The device has been deactivated.';
export const deviceRenamed = 'The device has been renamed.';
export const sessionsRevoked = 'Your other sessions have been signed out.';
export const sessionRevoked = 'The session has been signed out.';
export const twoStepOff = 'Two-step sign-in is off.';
export const identityConfirmed = 'Thank you: you can go on.';
export const passkeyRemoved = 'The passkey has been removed.';
export const passwordSet =
  'Your password is set. You can now also log in with your e-mail and password.';
/** Account Settings' "Share feature usage", after the customer changed it. */
export const usageSharingOn = 'Feature usage sharing is on.';
export const usageSharingOff =
  'Feature usage sharing is off. The plugin stops sending usage, and reports it sends are not stored.';
/** /activate, after the customer decided a plugin's sign-in. */
export const pluginSignInApproved = 'The plugin is signed in. Return to it to continue.';
export const pluginSignInDenied = 'The sign-in was denied. The plugin was not signed in.';
/** Usage & Sessions, after signing out a plugin. */
export const pluginSignedOut = 'The plugin has been signed out.';
