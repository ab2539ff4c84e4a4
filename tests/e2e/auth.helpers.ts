/**
 * Shared steps of the account journeys (signup, login, dashboard, contact). Every test is its
 * own visitor: a fresh e-mail, a fresh device fingerprint and a fresh client IP, so the
 * one-trial-per-device rule and the per-IP rate limits never make one test depend on another.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const random = () => Math.random().toString(36).slice(2, 10);

/** A new e-mail address for one test. */
export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${Date.now()}-${random()}@example.com`;
}

/** A password that is long enough and not among the common ones the API refuses. */
export const PASSWORD = 'Truss-Gusset-4821';

/**
 * Makes `page` a new visitor: the test fingerprint hook of src/islands/shared/fingerprint.ts
 * (honoured only on localhost) and a client IP of its own. Locally the Worker reads the client
 * IP from CF-Connecting-IP as sent; in production Cloudflare sets that header itself.
 */
export async function newVisitor(page: Page): Promise<Visitor> {
  const visitor = freshVisitor();
  await page.addInitScript((value) => {
    window.__SW_TEST_FINGERPRINT__ = value;
  }, visitor.fingerprint);
  await page.setExtraHTTPHeaders({ 'CF-Connecting-IP': visitor.ip });
  visitors.set(page, visitor);
  return visitor;
}

/** The device and client IP a page shows the site (newVisitor). */
export interface Visitor {
  fingerprint: string;
  ip: string;
}

/**
 * Each page's visitor, for the calls a helper makes beside the page (`page.request` sends
 * neither the page's fingerprint nor its extra headers).
 */
const visitors = new WeakMap<Page, Visitor>();

/** The page's visitor (newVisitor), or a new one for a page that was not made one. */
function visitorOf(page: Page): Visitor {
  return visitors.get(page) ?? freshVisitor();
}

/** A device and client IP no other test uses. */
function freshVisitor(): Visitor {
  return {
    fingerprint: `e2e-fp-${Date.now()}-${random()}`,
    ip: `10.${rand255()}.${rand255()}.${rand255()}`,
  };
}

function rand255(): number {
  return 1 + Math.floor(Math.random() * 254);
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  tag: string;
  createdAt: number;
  code: string | null;
  links: string[];
}

/** The newest local e-mail to `to` (optionally with `tag`), waiting for it to arrive. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  tag?: string,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { messages: MailboxMessage[] };
        found = body.messages.find((message) => !tag || message.tag === tag);
        return found !== undefined;
      },
      { message: `an e-mail to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The newest verification code sent to `to`. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const mail = await latestMail(request, to, 'verification-code');
  expect(mail.code).toMatch(/^\d{6}$/);
  return mail.code!;
}

/** Fills the signup form at /signup and sends it, leaving the verification modal open. */
export async function fillSignupForm(
  page: Page,
  values: { name: string; email: string; password?: string },
) {
  const password = values.password ?? PASSWORD;
  await expect(
    page.getByRole('button', { name: /^Start (Free Trial|Standard Plan)$/ }),
  ).toBeEnabled();
  await page.getByLabel('Full Name').fill(values.name);
  await page.getByLabel('Email Address').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await page.getByRole('checkbox', { name: 'Verify you are human' }).check();
}

/**
 * Signs up for a trial through the signup form, the e-mailed code in its dialog, and waits for the
 * dashboard. Returns the account. For the tests of that form; others start with signUpForTrial.
 */
export async function signUpForTrialInForm(page: Page, name = 'Ada Lovelace') {
  const email = uniqueEmail();
  await page.goto('/signup?plan=trial');
  await fillSignupForm(page, { name, email });
  await startTrialAndVerify(page, email, name);
  return { email, password: PASSWORD, name };
}

/**
 * A new trial account for a test about something else: the calls the signup form makes (a bot
 * check token, the code sent and checked, the registration) made from `page`'s browser as its
 * visitor, whose session cookie they set, then the session stored as the form stores it and the
 * dashboard opened on its welcome. The form itself is walked by signUpForTrialInForm.
 */
export async function signUpForTrial(page: Page, name = 'Ada Lovelace') {
  const email = uniqueEmail();
  const session = await registerBesidePage(page, '/api/register-email-trial', {
    customerName: name,
    email,
    plan: 'trial',
  });
  await storeSession(page, session);
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome back, ${name}!`)).toBeVisible();
  // The welcome is written before the page's island hydrates and loads the account: a test's
  // first press (Log Out) waits for both, or the calls still on their way would be refused (401).
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  return { email, password: PASSWORD, name };
}

/** What the registration calls answer that the browser keeps (storage.ts). */
interface StoredSessionAnswer {
  user: object;
  tokenExpiration: number;
}

/**
 * The signup form's calls, made with `page`'s cookies as its visitor: a bot-check token, the code
 * sent and checked, then `register` (a trial's registration or a Standard one's checkout).
 */
async function registerBesidePage<T = StoredSessionAnswer>(
  page: Page,
  register: '/api/register-email-trial' | '/api/register-email-standard',
  account: { customerName: string; email: string; plan: 'trial' | 'standard' },
): Promise<T> {
  const request = page.request;
  const visitor = visitorOf(page);
  const headers = { 'CF-Connecting-IP': visitor.ip };
  const call = async (path: string, data: object) => {
    const response = await request.post(path, { data, headers });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json() as Promise<unknown>;
  };
  const { token } = (await call('/dev/botcheck/token', { action: 'signup' })) as { token: string };
  const fingerprintId = visitor.fingerprint;
  await call('/api/send-verification-email', { ...account, recaptchaToken: token, fingerprintId });
  const code = await latestCode(request, account.email);
  await call('/api/verify-email-code', { email: account.email, code });
  return (await call(register, {
    ...account,
    password: PASSWORD,
    agreeToTerms: true,
    fingerprintId,
  })) as T;
}

/** Stores `session` in the page's localStorage as the site does after a sign-in. */
async function storeSession(page: Page, session: StoredSessionAnswer): Promise<void> {
  // A same-origin page to write the storage from: a development page runs none of the site's
  // scripts, and names its icon (a text file would make Chromium ask for /favicon.ico, a 404).
  await page.goto('/dev/botcheck');
  await page.evaluate(({ user, tokenExpiration }) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('tokenExpiration', String(tokenExpiration));
  }, session);
}

/**
 * On a filled trial signup form: Start Free Trial, the e-mailed code in its dialog, and the
 * dashboard's welcome for `name`.
 */
export async function startTrialAndVerify(page: Page, email: string, name: string) {
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await latestCode(page.request, email));
  await dialog.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Welcome back, ${name}!`)).toBeVisible();
}

/** Waits until every island on the page has hydrated (Astro drops `ssr` from <astro-island>). */
export async function islandsReady(page: Page): Promise<void> {
  // Hydration waits for the island's scripts to load and run; on a 2-core CI machine running two
  // browsers and the Worker it was once seen to take over the default 5 s.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}

/** Logs in through /login and waits for the dashboard. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await islandsReady(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Continues on the local Google consent page (/dev/google) as `email`. */
export async function continueOnDevGoogle(page: Page, email: string, name = 'Grace Hopper') {
  await expect(page).toHaveURL(/\/dev\/google/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs up for Standard through the UI and waits at the local card checkout; returns its URL. */
export async function startStandardSignupAtCheckout(
  page: Page,
  values: { name: string; email: string },
): Promise<string> {
  await page.goto('/signup?plan=standard');
  await fillSignupForm(page, values);
  await page.getByRole('button', { name: 'Start Standard Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Email' });
  await dialog.getByLabel('Verification code').fill(await latestCode(page.request, values.email));
  await dialog.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  return page.url();
}

/** Billing details as a buyer enters them at /dev/checkout (labels as on the page). */
export interface CheckoutDetails {
  company?: string;
  name: string;
  country: string;
  address: string;
  postalCode: string;
  city: string;
  taxId?: string;
}

/** A buyer in the United States: no tax is added. */
export const US_BUYER: CheckoutDetails = {
  name: 'Grace Hopper',
  country: 'United States',
  address: '1 Main St',
  postalCode: '10001',
  city: 'New York',
};

/** Enters the billing details at /dev/checkout and continues to the total and the card. */
export async function enterBillingDetails(
  page: Page,
  details: CheckoutDetails = US_BUYER,
): Promise<void> {
  const form = page.getByRole('group', { name: 'Billing details' });
  if (details.company) await form.getByLabel('Company').fill(details.company);
  await form.getByLabel('Name', { exact: true }).fill(details.name);
  await form.getByLabel('Country').selectOption({ label: details.country });
  await form.getByLabel('Address', { exact: true }).fill(details.address);
  await form.getByLabel('Postal code').fill(details.postalCode);
  await form.getByLabel('City').fill(details.city);
  if (details.taxId) await form.getByLabel('Tax ID').fill(details.taxId);
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();
}

/** Pays at /dev/checkout and waits for the dashboard after /payment-processing. */
export async function payAtDevCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/checkout\?session_id=cs_local_/);
  await enterBillingDetails(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/**
 * Buys Standard for a test about something else: the signup form's calls (signUpForTrial), the
 * local checkout they lead to, Pay, and the dashboard after /payment-processing. The form's own
 * Standard signup is walked by startStandardSignupAtCheckout.
 */
export async function buyStandard(page: Page, name = 'Grace Hopper') {
  const email = uniqueEmail('standard');
  const { checkoutUrl } = await registerBesidePage<{ checkoutUrl: string }>(
    page,
    '/api/register-email-standard',
    { customerName: name, email, plan: 'standard' },
  );
  await page.goto(checkoutUrl);
  await payAtDevCheckout(page);
  return { email, password: PASSWORD, name };
}

/** The license key shown on My Account (/dashboard), as the user copies it. */
export async function licenseKeyFromDashboard(page: Page): Promise<string> {
  if (!/\/dashboard$/.test(new URL(page.url()).pathname)) await page.goto('/dashboard');
  const key = await page.getByRole('region', { name: 'Your License' }).locator('code').innerText();
  expect(key).toMatch(/^SW(-[0-9A-Z]{5}){4}$/);
  return key;
}

/**
 * Activates a device as the plugin does (POST /api/licenses/activate); returns the answer. `ip`
 * (from newVisitor) keeps the license API's per-IP rate limit per test, as page.request does not
 * send the page's extra headers.
 */
export async function activateDevice(
  request: APIRequestContext,
  licenseKey: string,
  device: { deviceId: string; deviceName: string; appVersion?: string },
  ip?: string,
) {
  const response = await request.post('/api/licenses/activate', {
    data: { licenseKey, ...device },
    ...(ip ? { headers: { 'CF-Connecting-IP': ip } } : {}),
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { status: string; licenseFile: string };
}
