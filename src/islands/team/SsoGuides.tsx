/**
 * The Single sign-on section's steps for the three providers firms use most: where to register
 * the app, where the redirect URI goes, and which issuer URL to enter. Static text, loaded with
 * the section (SsoSection).
 */
import { ProviderGuides, type ProviderGuide } from './ProviderGuides';

const guides: ProviderGuide[] = [
  {
    name: 'Microsoft Entra ID',
    steps: [
      'In the Microsoft Entra admin center, open App registrations and choose New registration. Name it (for example "Sheetwright") and keep "Accounts in this organizational directory only".',
      'Under Redirect URI, choose the platform Web and paste the redirect URI above, then Register.',
      'On the Overview, copy the Application (client) ID into Client ID, and note the Directory (tenant) ID.',
      'Under Certificates & secrets, choose New client secret and copy its Value (not the Secret ID) into Client secret. It expires: save a new one here before that date.',
      'Enter the issuer https://login.microsoftonline.com/<tenant-id>/v2.0, with your Directory (tenant) ID in place of <tenant-id>.',
    ],
  },
  {
    name: 'Google Workspace',
    steps: [
      'In the Google Cloud console, in a project of your Workspace organization, open APIs & Services, OAuth consent screen, and choose the user type Internal, so only your Workspace accounts can use it.',
      'Open Credentials, Create credentials, OAuth client ID, and choose the application type Web application.',
      'Under Authorized redirect URIs, add the redirect URI above, then Create.',
      'Copy the Client ID and the Client secret into the fields here, and enter the issuer https://accounts.google.com.',
    ],
  },
  {
    name: 'Okta',
    steps: [
      'In the Okta Admin Console, open Applications, Create App Integration, and choose OIDC - OpenID Connect with the application type Web Application.',
      'Keep the grant type Authorization Code, paste the redirect URI above under Sign-in redirect URIs, and assign the people or groups who may sign in.',
      'On the General tab, copy the Client ID and a Client secret into the fields here.',
      'Enter the issuer https://<org>.okta.com, your Okta domain (with a custom authorization server, the issuer URL it shows under Security, API).',
    ],
  },
];

export function SsoGuides() {
  return <ProviderGuides title="Setting up your identity provider" guides={guides} />;
}
