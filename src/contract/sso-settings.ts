/**
 * An organization's single sign-on settings (OpenID Connect) as the owner's team page and the
 * console show them: the answers' types, the limits of what the owner types, and every sentence
 * about the settings. The requests the Worker validates are zod schemas in
 * schemas/sso-settings.ts; the answers are described by their zod schemas in
 * api/sso-settings-answers.ts, from which `npm run openapi` generates the islands' checks.
 * Signing in through the provider is another part of the site (services/accounts/sso-*.ts).
 */
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import type { GetTeamSsoAnswer } from '../generated/answers/GetTeamSsoAnswer.ts';
import type { SaveTeamSsoAnswer } from '../generated/answers/SaveTeamSsoAnswer.ts';

/** Where the provider sends people back: the site's origin + this, registered at the provider. */
export const SSO_CALLBACK_PATH = '/sso/callback';

/** The longest issuer URL, client id and client secret the settings keep. */
export const ssoLimits = { issuer: 500, clientId: 255, clientSecret: 1024 } as const;

/** GET /api/team/sso: the settings as the owner's section shows them (never the secret). */
export type SsoSettings = GetTeamSsoAnswer;

/** The connection part of the settings; null in `SsoSettings` while there is none. */
export type SsoConnectionView = NonNullable<SsoSettings['connection']>;

/** A change's answer: a sentence, and the settings as they are now. */
export type SsoChange = SaveTeamSsoAnswer;

// What the owner typed.
export const ssoIssuerRequired =
  'Enter the issuer URL your identity provider shows, like https://login.microsoftonline.com/<tenant-id>/v2.0.';
export const ssoIssuerTooLong = `An issuer URL has at most ${String(ssoLimits.issuer)} characters.`;
export const ssoIssuerNotUrl =
  'The issuer must be a full web address starting with https://, like https://accounts.google.com.';
export const ssoIssuerExtras =
  'Enter the issuer alone: without a user name, a "?" query or a "#" part after it.';
export const ssoIssuerNotHttps =
  'The issuer must start with https://. Only a provider on this computer (http://localhost) may use http://, and only on a development copy of the site.';
export const ssoClientIdRequired =
  'Enter the client ID (application ID) your identity provider gave the app.';
export const ssoClientIdTooLong = `A client ID has at most ${String(ssoLimits.clientId)} characters.`;
export const ssoClientIdNotPlain =
  'A client ID is one line of text, without line breaks or control characters.';
export const ssoClientSecretTooLong = `A client secret has at most ${String(ssoLimits.clientSecret)} characters.`;
export const ssoClientSecretRequired =
  'Enter the client secret your identity provider made for the app. It is kept encrypted and never shown again.';
export const ssoRequiredNotBoolean = 'Say whether single sign-on is required: true or false.';

// What the provider answered when its discovery document was checked before saving.
export const ssoIssuerUnreachable = (issuer: string) =>
  `We could not reach ${issuer}/.well-known/openid-configuration. Check the issuer URL and that the provider is online, then save again. Nothing was saved.`;
export const ssoIssuerTimeout = (issuer: string) =>
  `${issuer} did not answer within a few seconds. Try again in a moment; nothing was saved.`;
export const ssoIssuerNoDocument = (issuer: string, status: number) =>
  `${issuer}/.well-known/openid-configuration answered ${String(status)} instead of the provider's OpenID configuration. Check the issuer URL (for Entra ID it ends in /v2.0). Nothing was saved.`;
export const ssoIssuerNotJson = (issuer: string) =>
  `${issuer}/.well-known/openid-configuration is not an OpenID configuration (JSON). Check the issuer URL; nothing was saved.`;
export const ssoIssuerMismatch = (issuer: string, named: string) =>
  `The provider at ${issuer} names its issuer ${named}. Enter exactly that issuer URL, then save again. Nothing was saved.`;
export const ssoIssuerMissingEndpoint = (issuer: string, what: string) =>
  `The OpenID configuration of ${issuer} has no usable ${what}, so people could not sign in through it. Nothing was saved.`;

export const ssoTooManySaves = (minutes: number) =>
  `Too many saves of the single sign-on settings; try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`;

// The changes.
export const ssoSaved =
  'Single sign-on is connected. People on your verified domains can now sign in through your identity provider.';
export const ssoUpdated = 'Single sign-on settings saved.';
export const ssoRequiredOn =
  'Single sign-on is now required: members whose address is on your verified domains sign in only through your identity provider. You keep your own password and passkey sign-in.';
export const ssoRequiredOff =
  'Single sign-on is no longer required: members may sign in with a password, Google or a passkey again.';
export const ssoDisconnected =
  'Single sign-on is disconnected: members sign in with a password, Google or a passkey again.';
export const ssoNotConnected = 'Your organization has no single sign-on connection.';
export const ssoNeedsConnection =
  'Connect your identity provider first: single sign-on can be required only once it is set up.';
export const ssoNeedsVerifiedDomain =
  'Verify a domain first (Domains section): single sign-on serves only the addresses of your verified domains.';

/** What "Require single sign-on" does, as the section and the docs say it. */
export const ssoRequireExplained =
  'When required, password, Google and passkey sign-in are refused for members whose address is on your verified domains: they sign in through your identity provider. You, the owner, keep your own password and passkey sign-in, so a broken provider never locks your firm out.';
