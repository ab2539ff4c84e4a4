import AxeBuilder from '@axe-core/playwright';
import { Messages } from '../../src/contract/messages';
import {
  continueOnDevGoogle,
  fillSignupForm,
  islandsReady,
  latestCode,
  newVisitor,
  signUpForTrial,
  signUpForTrialInForm,
  uniqueEmail,
} from './auth.helpers';
import { expect, failedLoad, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await newVisitor(page);
});

test.describe('signup page', () => {
  test('shows the trial price, duration and steps by default', async ({ page }) => {
    await page.goto('/signup');
    await expect(
      page.getByRole('heading', { level: 1, name: "Let's get you started" }),
    ).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Free Trial' });
    await expect(panel).toContainText('$0');
    await expect(panel).toContainText('15 days');
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('shows the Standard price and checkout steps for plan=standard', async ({ page }) => {
    await page.goto('/signup?plan=standard');
    const panel = page.getByRole('complementary', { name: 'Standard' });
    await expect(panel).toContainText('$129');
    await expect(panel).toContainText('per year');
    await expect(panel).toContainText('secure card checkout');
    await expect(panel.getByRole('listitem')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Start Standard Plan' })).toBeEnabled();
  });

  test('checks passwords and terms with the exact product messages, and any change clears the error', async ({
    page,
  }) => {
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Ada', email: uniqueEmail(), password: '12345' });
    const submit = page.getByRole('button', { name: 'Start Free Trial' });
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(Messages.passwordTooShort);
    await page.getByLabel('Password', { exact: true }).fill('secret-one');
    await expect(page.getByRole('alert')).toBeHidden();
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret-two');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(Messages.passwordsDoNotMatch);
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret-one');
    await page.getByRole('checkbox', { name: /I agree/ }).uncheck();
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(Messages.termsRequired);
  });

  test('refuses to send until the bot check is done', async ({ page }) => {
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Ada', email: uniqueEmail() });
    await page.getByRole('checkbox', { name: 'Verify you are human' }).uncheck();
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.recaptchaNotReady);
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: 'Verify you are human' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
  });
});

test.describe('trial signup by e-mail', () => {
  test('a visitor verifies the code from the mailbox and lands on a dashboard with a Trial license', async ({
    page,
  }) => {
    const { email } = await signUpForTrialInForm(page, 'Ada Lovelace');
    await expect(page.locator('html')).toHaveAttribute('data-auth', 'in');
    const details = page.getByRole('region', { name: 'Your License' });
    await expect(details.getByText('Trial', { exact: true })).toBeVisible();
    await expect(details.getByText('Active', { exact: true })).toBeVisible();
    await expect(details.locator('code')).toHaveText(/\S{10,}/);
    const dateOf = (term: string) =>
      details
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: term }) })
        .locator('dd');
    await expect(dateOf('Activation Date')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    // The Trial's days left sit beside its Expiration Date.
    await expect(dateOf('Expiration Date')).toHaveText(
      /^[A-Z][a-z]+ \d{1,2}, \d{4}\s*1[45] days left$/,
    );
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });

  test('the modal counts down, refuses a wrong code and has no accessibility violations', async ({
    page,
    allowConsoleError,
  }) => {
    // The wrong code is refused with 400, which the browser logs.
    allowConsoleError(failedLoad(400, '/api/verify-email-code'));
    const email = uniqueEmail();
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Grace', email });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('timer')).toHaveText(/^Code expires in (10:00|9:5\d)$/);
    const input = dialog.getByLabel('Verification code');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    await input.pressSequentially('12ab34');
    await expect(input).toHaveValue('1234');
    const verify = dialog.getByRole('button', { name: 'Verify Email' });
    await expect(verify).toBeDisabled();

    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

    const code = await latestCode(page.request, email);
    const wrong = code === '000000' ? '111111' : '000000';
    await input.fill(wrong);
    await verify.click();
    await expect(dialog.getByRole('alert')).toHaveText(Messages.invalidCode);
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('Resend Code waits 30 s, then 30 + (attempt - 1) x 60 s, and restarts the code timer', async ({
    page,
  }) => {
    await page.clock.install();
    const email = uniqueEmail();
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Edsger', email });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
    const resend = dialog.getByRole('button', { name: 'Resend Code' });
    await expect(dialog.getByText('You can request a new code in 0:30.')).toBeVisible();
    await expect(resend).toBeDisabled();

    await page.clock.fastForward('01:00');
    await expect(dialog.getByRole('timer')).toHaveText(/^Code expires in 8:5\d$/);
    await expect(dialog.getByText('You can request a new code now.')).toBeVisible();
    await resend.click();
    await expect(dialog.getByRole('alert')).toHaveText(Messages.recaptchaNotReady);
    await dialog.getByRole('checkbox', { name: 'Verify you are human' }).check();
    await resend.click();
    await expect(
      dialog.getByRole('status').filter({ hasText: Messages.resendSuccess }),
    ).toBeVisible();
    await expect(dialog.getByText(/^You can request a new code in 1:(30|29)\.$/)).toBeVisible();
    await expect(dialog.getByRole('timer')).toHaveText(/^Code expires in (10:00|9:59)$/);
    await expect(resend).toBeDisabled();
  });

  test('the code expires after 600 s: Code expired and Verify disabled', async ({ page }) => {
    await page.clock.install();
    const email = uniqueEmail();
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Barbara', email });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
    await dialog.getByLabel('Verification code').fill('123456');
    await expect(dialog.getByRole('button', { name: 'Verify Email' })).toBeEnabled();
    await page.clock.fastForward('10:01');
    await expect(dialog.getByRole('timer')).toHaveText(Messages.codeExpired);
    await expect(dialog.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
  });

  test('Cancel and Start Over closes the modal and empties the form', async ({ page }) => {
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Alan', email: uniqueEmail() });
    const submit = page.getByRole('button', { name: 'Start Free Trial' });
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
    await dialog.getByRole('button', { name: 'Cancel and Start Over' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Email Address')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
  });

  test('Escape closes the modal, keeps the form and returns focus to the submit button', async ({
    page,
  }) => {
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Alan', email: uniqueEmail() });
    const submit = page.getByRole('button', { name: 'Start Free Trial' });
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
    await expect(dialog.getByLabel('Verification code')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    await expect(page.getByLabel('Full Name')).toHaveValue('Alan');
  });

  test('an e-mail that already has an account shows Existing Account', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // The refusal answers 409, which the browser logs.
    allowConsoleError(failedLoad(409, '/api/send-verification-email'));
    const { email } = await signUpForTrial(page);
    const other = await browser.newPage();
    await newVisitor(other);
    await other.goto('/signup');
    await fillSignupForm(other, { name: 'Someone Else', email });
    await other.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(other.getByRole('heading', { name: 'Existing Account' })).toBeVisible();
    await expect(other.getByText(Messages.accountExists)).toBeVisible();
    await expect(other.getByRole('link', { name: 'Go to Login Page' })).toHaveAttribute(
      'href',
      '/login',
    );
    await other.getByRole('button', { name: 'Use a Different Email' }).click();
    await expect(other.getByLabel('Email Address')).toHaveValue('');
    await expect(other.getByLabel('Full Name')).toHaveValue('Someone Else');
    await other.close();
  });

  test('a second trial from the same device shows Trial Already Claimed', async ({
    page,
    allowConsoleError,
  }) => {
    // The refusal answers 409, which the browser logs.
    allowConsoleError(failedLoad(409, '/api/send-verification-email'));
    await signUpForTrial(page);
    // Leave the dashboard first: its island may still be storing the user it just loaded.
    await page.goto('/overview');
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Second Try', email: uniqueEmail() });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByRole('heading', { name: 'Trial Already Claimed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Pricing Plans' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(page.getByRole('link', { name: 'Login to Existing Account' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  test('a signed-in Trial user on /signup is offered the upgrade, which opens the checkout, and Maybe Later closes it', async ({
    page,
  }) => {
    await signUpForTrial(page);
    await page.goto('/signup?plan=standard');
    const modal = page.getByRole('dialog', { name: 'Upgrade to Standard' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Upgrade to Standard' }).click();
    await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
    await page.goto('/signup');
    await page
      .getByRole('dialog', { name: 'Upgrade to Standard' })
      .getByRole('button', { name: 'Maybe Later' })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
  test('a verified Standard signup pauses on a checkout status, then goes to the card checkout', async ({
    page,
  }) => {
    const email = uniqueEmail('standard');
    await page.goto('/signup?plan=standard');
    await fillSignupForm(page, { name: 'Linus', email });
    await page.getByRole('button', { name: 'Start Standard Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
    await dialog.getByLabel('Verification code').fill(await latestCode(page.request, email));
    await dialog.getByRole('button', { name: 'Verify Email' }).click();
    await expect(page.getByText('Redirecting you to secure checkout...')).toBeVisible();
    await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  });

  test('too many codes for one e-mail shows Too Many Attempts with the server message', async ({
    page,
    request,
    allowConsoleError,
  }) => {
    // The refusal answers 429, which the browser logs.
    allowConsoleError(failedLoad(429, '/api/send-verification-email'));
    const email = uniqueEmail('flood');
    const ip = `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i += 1) {
      const { token } = (await (
        await request.post('/dev/botcheck/token', { data: { action: 'signup' } })
      ).json()) as { token: string };
      const sent = await request.post('/api/send-verification-email', {
        headers: { 'CF-Connecting-IP': ip },
        data: {
          customerName: 'Flood',
          email,
          plan: 'trial',
          recaptchaToken: token,
          fingerprintId: `flood-fp-${i}-${Date.now()}`,
        },
      });
      expect(sent.status()).toBe(200);
    }
    await page.goto('/signup');
    await fillSignupForm(page, { name: 'Flood', email });
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByRole('heading', { name: 'Too Many Attempts' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(/Too many verification requests/);
    await expect(page.getByText(Messages.tooManyAttemptsText)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await page.getByRole('button', { name: 'Try Different Email' }).click();
    await expect(page.getByLabel('Email Address')).toHaveValue('');
  });
});

test.describe('Google sign-up', () => {
  test('an unknown Google account gets Account Not Found at login, then signs up with Google', async ({
    page,
    allowConsoleError,
  }) => {
    // The Google login of an unknown account answers 404, which the browser logs.
    allowConsoleError(failedLoad(404, '/api/login-google'));
    const email = uniqueEmail('google');
    await page.goto('/login');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await continueOnDevGoogle(page, email);
    await expect(page.getByRole('heading', { name: 'Account Not Found' })).toBeVisible();
    await expect(page.getByText(Messages.googleUserNotFound)).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('link', { name: 'Go to Sign Up' }).click();
    await expect(page).toHaveURL(/\/pricing$/);

    await page
      .locator('[data-plan="trial"]')
      .getByRole('link', { name: 'Start Free Trial' })
      .click();
    await expect(page).toHaveURL(/\/signup\?plan=trial$/);
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(Messages.termsRequired);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await continueOnDevGoogle(page, email, 'Grace Hopper');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Grace Hopper!')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your License' }).getByText('Trial', { exact: true }),
    ).toBeVisible();
  });

  test('cancelling on the Google consent page shows the Google error on signup', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Start Free Trial' })).toBeEnabled();
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('alert')).toHaveText(Messages.googleAuthFailed);
  });
});
