import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Messages, SuccessMessages } from '../../src/contract/messages';
import { partFailed } from '../../src/islands/shared/lazy-part';
import { islandsReady, latestMail, newVisitor, signUpForTrial } from './auth.helpers';
import { expect, refuseChunk, test } from './fixtures';

/** Gives `page` Chromium's virtual authenticator: a platform one that verifies the user at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

test('an engineer adds a passkey, signs in with it without a password, then removes it', async ({
  page,
  request,
}) => {
  const authenticator = await virtualAuthenticator(page);
  const { email } = await signUpForTrial(page, 'Petra Passkey');

  await page.goto('/dashboard/settings');
  await islandsReady(page);
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a Passkey' }).click();
  const name = card.getByRole('textbox', { name: 'Passkey name' });
  // Suggested from this browser.
  await expect(name).toHaveValue(/Chrome/);
  await name.fill('Work laptop');
  await card.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(card.getByRole('status')).toHaveText('Passkey "Work laptop" added.');
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText('Work laptop');
  await expect(card.getByRole('listitem')).toContainText('Not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  const mail = await latestMail(request, email, 'passkey-added');
  expect(mail.text).toContain('"Work laptop"');

  await page.goto('/dashboard');
  // Log Out once the page's own calls are answered, or they would be refused (401) on their way.
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto('/login');
  await islandsReady(page);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back, Petra Passkey!')).toBeVisible();

  await page.goto('/dashboard/settings');
  await islandsReady(page);
  const item = card.getByRole('listitem');
  await expect(item).toContainText('Last used');
  await card.getByRole('button', { name: 'Rename Work laptop' }).click();
  await card.getByRole('textbox', { name: 'New name for "Work laptop"' }).fill('Office laptop');
  await card.getByRole('button', { name: 'Save Name' }).click();
  await expect(item).toContainText('Office laptop');

  await card.getByRole('button', { name: 'Remove Office laptop' }).click();
  await expect(card.getByText('Remove the passkey "Office laptop"?')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toHaveCount(1);
  await card.getByRole('button', { name: 'Remove Office laptop' }).click();
  await card.getByRole('button', { name: 'Yes, Remove Passkey' }).click();
  await expect(card.getByRole('status')).toHaveText(SuccessMessages.passkeyRemoved);
  await expect(card.getByRole('listitem')).toHaveCount(0);
  await expect(card.getByText('You have no passkeys yet.')).toBeVisible();
});

test('a passkey refused at an IP address names the cause in plain words', async ({
  page,
  allowConsoleError,
}) => {
  // The browser reports the refusal itself as well.
  allowConsoleError(/SecurityError|invalid domain/i);
  await virtualAuthenticator(page);
  // The same server at its IP address: WebAuthn needs a domain name, so the browser refuses.
  const atIp = new URL('/login', test.info().project.use.baseURL);
  atIp.hostname = '127.0.0.1';
  await page.goto(atIp.toString());
  await islandsReady(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText(Messages.passkeyNeedsDomain)).toBeVisible();
  await expect(page.getByText('No passkey was used.')).toHaveCount(0);
});

test("the card's forms load on the first press; a failed load says so, and pressing again loads them", async ({
  page,
  allowConsoleError,
}) => {
  await signUpForTrial(page, 'Lena Offline');
  // The steps' chunk is refused once, as an offline moment would.
  const backOnline = await refuseChunk(page, allowConsoleError, 'PasskeySteps');
  await page.goto('/dashboard/settings');
  await islandsReady(page);
  const card = page.getByRole('region', { name: 'Passkeys' });
  const add = card.getByRole('button', { name: 'Add a Passkey' });
  await add.click();
  await expect(card.getByRole('alert')).toHaveText(partFailed);
  await expect(add).toBeEnabled();
  await expect(card.getByRole('textbox', { name: 'Passkey name' })).toHaveCount(0);
  backOnline();
  await add.click();
  await expect(card.getByRole('textbox', { name: 'Passkey name' })).toBeFocused();
  await expect(card.getByRole('alert')).toHaveCount(0);
});
