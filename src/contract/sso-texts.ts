/**
 * What a person reads about single sign-on through their organization's identity provider: the
 * login page's button, the refusals of "Require single sign-on", and every way a sign-in at the
 * provider can fail, each saying what happened and how to try again.
 */

/** The login page's button for an address whose organization signs its people in. */
export const continueWith = (organizationName: string) =>
  `Continue with ${organizationName} single sign-on`;

/** The login page's button before the address is known (and without JavaScript). */
export const continueGeneric = 'Continue with single sign-on';

/** Beside the button, once the address's organization is known. */
export const signsYouIn = (organizationName: string) =>
  `${organizationName} signs you in through its identity provider.`;

/** Password, Google or a passkey refused: the organization requires single sign-on. */
export const ssoRequired = (organizationName: string) =>
  `${organizationName} signs you in through its identity provider: choose Continue with single sign-on and use your work e-mail.`;

/** The same, before the organization is known (the catalogue's default). */
export const ssoRequiredDefault =
  'Your organization signs you in through its identity provider: choose Continue with single sign-on and use your work e-mail.';

/** Signup and password reset refused for such an address. */
export const ssoRequiredNoPassword = (organizationName: string) =>
  `${organizationName} signs you in through its identity provider, so an address of its domain has no password here: choose Continue with single sign-on on the login page and use your work e-mail.`;

export const notAvailable =
  'Single sign-on is not set up for this e-mail address. Log in with your password, Google or a passkey instead, or ask your team owner whether your organization uses single sign-on.';

export const signInExpired =
  'This single sign-on took too long or was already used, or it was started in another browser. Type your work e-mail and choose Continue with single sign-on again, in this browser.';

export const providerRefused = (organizationName: string) =>
  `${organizationName}'s identity provider did not sign you in. To try again, type your work e-mail and choose Continue with single sign-on; if it keeps happening, ask your IT team whether your account may use this app.`;

export const tokenRefused = (organizationName: string) =>
  `We could not confirm your sign-in with ${organizationName}'s identity provider, so you are not signed in. To try again, type your work e-mail and choose Continue with single sign-on; if it keeps happening, tell your team owner.`;

export const providerUnavailable = (organizationName: string) =>
  `${organizationName}'s identity provider could not be reached just now. Wait a minute, then type your work e-mail and choose Continue with single sign-on again; if it keeps happening, tell your team owner.`;

export const wrongDomain = (organizationName: string) =>
  `The identity provider signed you in with an address that is not on ${organizationName}'s verified domains, so you are not signed in. Sign in at the provider with your work e-mail and choose Continue with single sign-on again.`;

export const unverifiedEmail = (organizationName: string) =>
  `${organizationName}'s identity provider says your e-mail address is not verified, so you are not signed in. Ask your IT team to verify it, then try again.`;

export const noSeat = (organizationName: string) =>
  `${organizationName} has no seat left for you, so you are not signed in yet. We have told the team owner; once they add a seat or free one, choose Continue with single sign-on again.`;

export const otherTeam = (organizationName: string) =>
  `Your account already belongs to another team, so it cannot join ${organizationName}. Ask that team's owner to remove you first, then sign in again.`;

export const ownSubscription = (organizationName: string) =>
  `Your account still has its own subscription renewing, so it cannot join ${organizationName} by single sign-on. Ask the team owner to invite you instead: accepting the invitation ends that subscription.`;

export const deletedAccount =
  'This account has been scheduled for deletion and can no longer sign in.';

export const termEnded = (organizationName: string) =>
  `${organizationName}'s agreement has ended, so no one can join it now. Ask the team owner to renew it.`;
