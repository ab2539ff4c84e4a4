/**
 * The operator console as an operator uses it: a customer signs up, a second account is made an
 * operator from the command line (`npm run admin -- grant`, against the e2e server's local D1),
 * and that operator finds the customer, extends the trial, frees a device, keeps an internal note,
 * and answers and handles a contact message. Anyone else gets the ordinary 404 page at /admin.
 */
import type { Page } from '@playwright/test';
import { ConsoleMessages } from '../../src/contract/messages';
import { plans, site } from '../../src/site.config';
import {
  activateDevice,
  buyStandard,
  islandsReady,
  latestMail,
  licenseKeyFromDashboard,
  payAtDevCheckout,
  newVisitor,
  PASSWORD,
  signUpForTrial,
} from './auth.helpers';
import {
  axeViolations,
  closeOperator,
  operatorApp,
  operatorEmail,
  signInOperator,
  sidewaysOverflow,
} from './console.helpers';
import { expect, failedLoad, test } from './fixtures';
import { freshCode } from './two-step.helpers';

/** The customer's User ID as their dashboard shows it. */
async function userIdFromDashboard(page: Page): Promise<string> {
  if (!/\/dashboard$/.test(new URL(page.url()).pathname)) await page.goto('/dashboard');
  const id = await page
    .getByRole('region', { name: 'Save Your User ID' })
    .locator('code')
    .innerText();
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

async function openCustomer(page: Page, userId: string, name: string) {
  await page.goto(`/admin/customer?id=${userId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Sends a message with the About page's contact form. */
async function sendContactMessage(
  page: Page,
  values: { name: string; email: string; text: string },
) {
  await page.goto('/about');
  const form = page.locator('form[data-contact-form]');
  await form.getByLabel('Name').fill(values.name);
  await form.getByRole('textbox', { name: 'Email' }).fill(values.email);
  await form.getByLabel('Message').fill(values.text);
  await form.getByRole('checkbox', { name: 'Verify you are human' }).check();
  await form.getByRole('button', { name: 'SEND' }).click();
  await expect(form.getByRole('status')).toHaveText(/Thank you/);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Find a customer' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const random = () => Math.random().toString(36).slice(2, 10);

let visitorIp = '';

test.beforeEach(async ({ page }) => {
  ({ ip: visitorIp } = await newVisitor(page));
});

test.describe('operator console', () => {
  test('is the ordinary 404 page for a customer, and the console API refuses them', async ({
    page,
    allowConsoleError,
  }) => {
    // The browser logs each page's 404 status, which is what a customer must get.
    allowConsoleError(failedLoad(404, '/admin'));
    allowConsoleError(failedLoad(404, '/admin/search'));
    allowConsoleError(failedLoad(404, '/admin/customer'));
    allowConsoleError(failedLoad(404, '/admin/inbox'));
    await signUpForTrial(page);
    for (const path of ['/admin', '/admin/search', '/admin/customer', '/admin/inbox']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    }
    const api = await page.request.get('/api/admin/session');
    expect(api.status()).toBe(403);
  });

  test('finds a customer by pasted User ID and license key and gives the trial seven more days', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // Extending without a reason is refused with 400, which the browser logs.
    allowConsoleError(failedLoad(400, '/api/admin/customers/*/actions'));
    const customer = await signUpForTrial(page, 'Cora Customer');
    const userId = await userIdFromDashboard(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const operator = await signInOperator(browser);

    await operator.goto('/admin/search');
    await expect(operator.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await expect(operator.getByText(/Signed in as Olive Operator/)).toBeVisible();
    await islandsReady(operator);

    // Pasted with the spaces and line break a copy from an e-mail brings along.
    await search(operator, `  ${userId}\n`);
    const results = operator.getByRole('region', { name: /Results for/ });
    const row = results.getByRole('row', { name: /Cora Customer/ });
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('User ID');
    await expect(row).toContainText('Trial');
    await expect(operator).toHaveURL(/\/admin\/search\?q=/);

    // The key without its dashes finds the same customer.
    await search(operator, licenseKey.replaceAll('-', ''));
    await expect(results.getByRole('row', { name: /Cora Customer/ })).toContainText('license key');
    await results.getByRole('link', { name: 'Cora Customer' }).click();
    await expect(operator.getByRole('heading', { level: 1, name: 'Cora Customer' })).toBeVisible();

    const licenses = operator.getByRole('region', { name: 'Licenses' });
    const license = licenses.getByRole('article', { name: new RegExp(licenseKey) });
    const oldEnd = await license.locator('time').innerText();
    await license.getByRole('button', { name: /Extend end date/ }).click();
    const dialog = operator.getByRole('dialog', { name: 'Extend the license' });
    await expect(dialog.getByLabel('Days to extend by')).toHaveValue('7');
    await expect(dialog).toContainText(`Ends now: ${oldEnd}.`);
    const newEnd = (await dialog.getByText(/New end date: /).innerText()).match(
      /New end date: (.+?)\./,
    )![1]!;
    expect(newEnd).not.toBe(oldEnd);

    // No reason: the server's refusal is shown next to the form, and nothing changes.
    await dialog.getByRole('button', { name: 'Extend license' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Give a reason (at least 3 characters); it is kept in the audit log.',
    );
    await dialog.getByLabel('Reason').fill('Customer asked for more time to evaluate.');
    await dialog.getByRole('button', { name: 'Extend license' }).click();
    await expect(dialog).toBeHidden();
    const notice = licenses.getByRole('status');
    await expect(notice).toHaveText(ConsoleMessages.licenseExtended);
    await expect(notice).toBeFocused();
    await expect(license.locator('time')).toHaveText(newEnd);
    const audit = operator.getByRole('region', { name: 'Audit trail' });
    await expect(audit.getByRole('row', { name: /Extend license/ })).toContainText(
      'Customer asked for more time to evaluate.',
    );

    // The customer's own dashboard shows the new date at once.
    await page.goto('/dashboard');
    const expiration = page
      .locator('dl > div')
      .filter({ has: page.getByText('Expiration Date', { exact: true }) });
    await expect(expiration).toContainText(newEnd);
    await closeOperator(operator);
  });

  test('shows search results a page at a time with More, and says when nothing matches', async ({
    browser,
  }) => {
    const operator = await signInOperator(browser);
    const hit = (n: number) => ({
      userId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      email: `paged-${n}@example.com`,
      customerName: `Paged Customer ${n}`,
      plan: 'Trial',
      createdAt: '2026-01-01T12:00:00.000Z',
      isDeleted: n === 3,
      matchedBy: 'e-mail or name',
    });
    await operator.route('**/api/admin/search?*', (route) => {
      const url = new URL(route.request().url());
      const q = url.searchParams.get('q');
      const second = url.searchParams.get('cursor') === 't:2';
      const body =
        q === 'nobody-at-all'
          ? { query: q, results: [], nextCursor: null }
          : second
            ? { query: q, results: [hit(2), hit(3)], nextCursor: null }
            : { query: q, results: [hit(1), hit(2)], nextCursor: 't:2' };
      return route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
    });
    await operator.goto('/admin/search');
    await islandsReady(operator);
    await search(operator, 'paged');
    const results = operator.getByRole('region', { name: /Results for/ });
    await expect(results.getByRole('row')).toHaveCount(3); // header + 2
    await results.getByRole('button', { name: 'More customers' }).click();
    // The customer both pages name is listed once; the last page has no More.
    await expect(results.getByRole('row')).toHaveCount(4);
    await expect(results.getByRole('row', { name: /Paged Customer 3/ })).toContainText('Deleted');
    await expect(results.getByRole('button', { name: /More/ })).toHaveCount(0);

    await search(operator, 'nobody-at-all');
    await expect(results).toContainText('No customer matches.');
    await search(operator, 'x');
    await expect(operator.getByRole('alert')).toHaveText(ConsoleMessages.searchTooShort);
    await closeOperator(operator);
  });

  test("frees a customer's device, and the plugin's next check is told DEVICE_NOT_ACTIVATED", async ({
    page,
    browser,
  }) => {
    await signUpForTrial(page, 'Dev Owner');
    const userId = await userIdFromDashboard(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const device = { deviceId: `e2e-lost-${Date.now()}-${random()}`, deviceName: 'Lost Laptop' };
    await activateDevice(
      page.request,
      licenseKey,
      { ...device, appVersion: site.currentVersion },
      visitorIp,
    );

    const operator = await signInOperator(browser);
    await openCustomer(operator, userId, 'Dev Owner');
    const devices = operator.getByRole('region', { name: 'Devices' });
    const row = devices.getByRole('row', { name: /Lost Laptop/ });
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: /Free device/ }).click();
    const dialog = operator.getByRole('dialog', { name: 'Free this device?' });
    await expect(dialog).toContainText('"Lost Laptop" is deactivated');
    // Escape closes without acting; focus returns to the button.
    await operator.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: /Free device/ })).toBeFocused();

    await row.getByRole('button', { name: /Free device/ }).click();
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    await dialog.getByLabel('Reason').fill('Laptop stolen; customer asked to free it.');
    await dialog.getByRole('button', { name: 'Free device' }).click();
    await expect(devices.getByRole('status')).toHaveText(ConsoleMessages.deviceFreed);
    await expect(row).toContainText('Freed');
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(
      operator
        .getByRole('region', { name: 'Activation history' })
        .getByRole('row', { name: /Deactivated Lost Laptop Support/ }),
    ).toBeVisible();

    const check = await page.request.post('/api/licenses/validate', {
      data: { licenseKey, deviceId: device.deviceId },
      headers: { 'CF-Connecting-IP': visitorIp },
    });
    expect(check.status()).toBe(200);
    expect(((await check.json()) as { status: string }).status).toBe('DEVICE_NOT_ACTIVATED');
    await closeOperator(operator);
  });

  test('reads a message sent from the About page, replies by e-mail and marks it handled', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // Marking it handled without a note is refused with 400, which the browser logs.
    allowConsoleError(failedLoad(400, '/api/admin/inbox/*/handle'));
    const customer = await signUpForTrial(page, 'Mae Messenger');
    const text = `Please move my license to a new PC (${random()}).`;
    await sendContactMessage(page, { name: 'Mae Messenger', email: customer.email, text });

    const operator = await signInOperator(browser);
    await operator.goto('/admin/inbox');
    const newTab = operator.getByRole('tab', { name: /^New/ });
    await expect(newTab).toHaveAttribute('aria-selected', 'true');
    const message = operator.getByRole('article').filter({ hasText: text });
    await expect(message.getByRole('heading', { name: 'Mae Messenger' })).toBeVisible();
    await expect(message.getByRole('link', { name: /Reply from mail app/ })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${customer.email.replace(/[.+]/g, '\\$&')}\\?subject=Re`),
    );
    await expect(
      message.getByRole('link', { name: 'Open the customer with this e-mail' }),
    ).toHaveAttribute('href', /\/admin\/customer\?id=/);
    // The console bar counts the new messages.
    await expect(
      operator.getByRole('navigation', { name: 'Console' }).getByText(/\d+ new/),
    ).toBeVisible();

    await message.getByRole('button', { name: /Mark handled/ }).click();
    const dialog = operator.getByRole('dialog', { name: 'Mark this message handled?' });
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Write a short note (at least 3 characters) on how it was handled.',
    );
    await dialog.getByLabel('Note').fill('Replied with the steps to move the license.');
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await expect(
      operator.getByRole('status').filter({ hasText: ConsoleMessages.messageHandled }),
    ).toBeVisible();
    await expect(message).toHaveCount(0);

    await operator.getByRole('tab', { name: 'Handled' }).click();
    const handled = operator.getByRole('article').filter({ hasText: text });
    await expect(handled).toContainText('Replied with the steps to move the license.');
    await expect(handled.getByRole('button', { name: /Mark handled/ })).toHaveCount(0);
    await closeOperator(operator);
  });

  test('keeps an internal note on a customer and answers their contact message by e-mail', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const customer = await signUpForTrial(page, 'Nora Notes');
    const userId = await userIdFromDashboard(page);
    const text = `Can I use my license on a laptop too (${random()})?`;
    await sendContactMessage(page, { name: 'Nora Notes', email: customer.email, text });
    const operator = await signInOperator(browser);
    await operator.setViewportSize({ width: 1280, height: 900 });

    await openCustomer(operator, userId, 'Nora Notes');
    await islandsReady(operator);
    const notes = operator.getByRole('region', { name: 'Notes', exact: true });
    await expect(notes.getByText('No notes on this customer yet.')).toBeVisible();
    // An empty note is refused in the form, before any request.
    await notes.getByLabel('New note').fill('   ');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('alert')).toHaveText('Write the note first: it is empty.');
    const note = `Called on ${random()}: wants to move to Standard next month.`;
    await notes.getByLabel('New note').fill(`  ${note}  `);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('status')).toHaveText(ConsoleMessages.noteAdded);
    const item = notes.getByRole('listitem').filter({ hasText: note });
    await expect(item).toContainText(`Olive Operator (${operatorEmail(operator)})`);
    await expect(notes.getByLabel('New note')).toHaveValue('');
    expect(await axeViolations(operator)).toEqual([]);
    await notes.screenshot({ path: testInfo.outputPath('customer-notes-1280.png') });

    // Deleting asks first; keeping the note changes nothing.
    await item.getByRole('button', { name: /Delete/ }).click();
    const confirm = operator.getByRole('alertdialog', { name: 'Delete this note?' });
    await expect(confirm).toContainText(note);
    expect(await axeViolations(operator)).toEqual([]);
    await operator.screenshot({ path: testInfo.outputPath('delete-note-1280.png') });
    await confirm.getByRole('button', { name: 'Keep note' }).click();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: /Delete/ }).click();
    await confirm.getByRole('button', { name: 'Delete note' }).click();
    await expect(notes.getByRole('status')).toHaveText(ConsoleMessages.noteDeleted);
    await expect(item).toHaveCount(0);
    // The audit trail names both, without the note's text.
    const trail = operator.getByRole('region', { name: 'Audit trail' });
    await expect(trail.getByText('Add internal note')).toBeVisible();
    await expect(trail.getByText('Delete internal note')).toBeVisible();
    await expect(trail).not.toContainText(note);
    // The customer's own pages never show it.
    await page.goto('/dashboard');
    await expect(page.getByText(note)).toHaveCount(0);

    // Reply from the inbox: one e-mail to the sender, shown with the message under Handled.
    await operator.goto('/admin/inbox');
    const message = operator.getByRole('article').filter({ hasText: text });
    await message.getByRole('button', { name: /^Reply\.\.\./ }).click();
    const dialog = operator.getByRole('dialog', { name: 'Reply by e-mail' });
    await expect(dialog).toContainText(`To Nora Notes (${customer.email})`);
    expect(await axeViolations(operator)).toEqual([]);
    const answer = `Yes: Standard runs on ${random()} two devices at once.`;
    await dialog.getByLabel('Your reply').fill(answer);
    await operator.screenshot({ path: testInfo.outputPath('reply-dialog-1280.png') });
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(
      operator.getByRole('status').filter({ hasText: ConsoleMessages.replySent }),
    ).toBeVisible();
    await expect(message).toHaveCount(0);
    await operator.getByRole('tab', { name: 'Handled' }).click();
    const handled = operator.getByRole('article').filter({ hasText: text });
    await expect(handled).toContainText(`Reply sent by ${operatorEmail(operator)}`);
    await expect(handled).toContainText(answer);
    await expect(operator.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await axeViolations(operator), 'inbox with a reply').toEqual([]);
    await handled.screenshot({ path: testInfo.outputPath('inbox-reply-1280.png') });

    const mail = await latestMail(page.request, customer.email, 'contact-reply');
    expect(mail.subject).toBe(`Re: Your message to ${site.product}`);
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain(`> ${text}`);
    await closeOperator(operator);
  });

  test('refunds a Standard payment and cancels the subscription at the end of the paid period', async ({
    page,
    browser,
  }) => {
    const payer = await buyStandard(page, 'Pat Payer');
    const userId = await userIdFromDashboard(page);
    const operator = await signInOperator(browser);
    await openCustomer(operator, userId, 'Pat Payer');

    const invoices = operator.getByRole('region', { name: 'Invoices and refunds' });
    const paid = invoices.getByRole('row').filter({ hasText: 'Paid' });
    await expect(paid).toContainText('$129.00');
    await paid.getByRole('button', { name: /Refund/ }).click();
    const refund = operator.getByRole('dialog', { name: 'Refund this payment?' });
    await expect(refund).toContainText('$129.00');
    await refund.getByLabel('Reason').fill('Bought by mistake; asked for a refund within 14 days.');
    await refund.getByRole('button', { name: 'Refund payment' }).click();
    await expect(invoices.getByRole('status')).toHaveText(ConsoleMessages.paymentRefunded);
    await expect(paid).toContainText('Refunded');
    await expect(paid.getByRole('button', { name: /Refund/ })).toHaveCount(0);

    const subscription = operator.getByRole('region', { name: 'Subscription' });
    await subscription.getByRole('button', { name: /Cancel subscription/ }).click();
    const cancel = operator.getByRole('dialog', { name: 'Cancel the subscription?' });
    await expect(
      cancel.getByRole('radio', { name: /At the end of the paid period/ }),
    ).toBeChecked();
    await cancel.getByLabel('Reason').fill('Customer does not want to renew.');
    await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(subscription.getByRole('status')).toHaveText(
      ConsoleMessages.subscriptionCancelledAtPeriodEnd,
    );
    await expect(subscription).toContainText('cancelled at period end');
    await expect(subscription.getByRole('button', { name: /Cancel subscription/ })).toBeVisible(); // "Now" is still possible.

    // Before the period ends it can renew again, as the customer's own Resume.
    await subscription.getByRole('button', { name: /Resume subscription/ }).click();
    const resume = operator.getByRole('dialog', { name: 'Resume the subscription?' });
    await expect(resume).toContainText('renews again');
    await resume.getByLabel('Reason').fill('The customer changed their mind by phone.');
    await resume.getByRole('button', { name: 'Resume subscription' }).click();
    await expect(subscription.getByRole('status')).toHaveText(ConsoleMessages.subscriptionResumed);
    await expect(subscription).not.toContainText('cancelled at period end');
    await expect(subscription.getByRole('button', { name: /Resume subscription/ })).toHaveCount(0);

    const audit = operator.getByRole('region', { name: 'Audit trail' });
    await expect(audit.getByRole('row', { name: /Resume subscription/ })).toBeVisible();
    await expect(audit.getByRole('row', { name: /Refund payment/ })).toContainText(
      'Bought by mistake',
    );
    await expect(audit.getByRole('row', { name: /Cancel subscription/ })).toBeVisible();
    await closeOperator(operator);

    // The customer is told by e-mail and sees it on Billing & Invoices.
    const mail = await latestMail(page.request, payer.email, 'invoice-refunded');
    expect(mail.subject).toBe(`Your ${site.product} payment has been refunded`);
    expect(mail.text).toContain('refunded $129.00');
    await page.goto('/dashboard/billing');
    const history = page.getByRole('table', { name: 'Invoices, newest first' });
    await expect(history.getByRole('row').nth(1)).toContainText(/Refunded on \w+ \d+, \d{4}/);
  });

  test('refunds in full and cancels the subscription now in one step, audited in words', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const payer = await buyStandard(page, 'Riley Refund');
    const userId = await userIdFromDashboard(page);
    const operator = await signInOperator(browser);
    await openCustomer(operator, userId, 'Riley Refund');

    const invoices = operator.getByRole('region', { name: 'Invoices and refunds' });
    const paid = invoices.getByRole('row').filter({ hasText: 'Paid' });
    await paid.getByRole('button', { name: /Refund/ }).click();
    const refund = operator.getByRole('dialog', { name: 'Refund this payment?' });
    const alsoCancel = refund.getByRole('checkbox', { name: /And cancel the subscription now/ });
    await expect(alsoCancel).not.toBeChecked();
    await alsoCancel.check();
    await refund.getByLabel('Reason').fill('Bought by mistake; wants no plan at all.');
    await refund.getByRole('button', { name: 'Refund payment' }).click();
    await expect(invoices.getByRole('status')).toHaveText(
      ConsoleMessages.paymentRefundedAndCancelled,
    );
    const subscription = operator.getByRole('region', { name: 'Subscription' });
    await expect(subscription.getByRole('button', { name: /Cancel subscription/ })).toHaveCount(0);

    // The audit log, filtered by the customer's e-mail, says what changed in words.
    await operator.goto('/admin/audit');
    await islandsReady(operator);
    await operator.getByLabel('Customer (e-mail or User ID)').fill(payer.email.toUpperCase());
    await operator.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(operator).toHaveURL(/customer=/);
    const row = operator.getByRole('row', { name: /Refund payment/ });
    await expect(row).toBeVisible();
    const change = row.locator('.console-changes');
    await expect(change).toContainText('Amount: $129.00');
    await expect(change).toContainText('Refund status: — → Pending');
    await expect(change).toContainText('Subscription ended, when: Now');
    await expect(change).toContainText(/Subscription ended, subscription: sub_\w+…\w{4}/);
    await expect(change).not.toContainText(/[{}"]/);
    for (const width of [1280, 390]) {
      await operator.setViewportSize({ width, height: 900 });
      expect(await sidewaysOverflow(operator), `audit log at ${width} px`).toBeLessThanOrEqual(0);
      // The Change column ends inside its card.
      const [cell, card] = await row
        .locator('.console-change-cell')
        .evaluate((td) => [
          td.getBoundingClientRect().right,
          td.closest('.card')!.getBoundingClientRect().right,
        ]);
      expect(cell, `change column at ${width} px`).toBeLessThanOrEqual(card);
      await operator.screenshot({
        path: testInfo.outputPath(`audit-${width}.png`),
        fullPage: true,
      });
    }
    expect(await axeViolations(operator)).toEqual([]);
    await closeOperator(operator);

    const mail = await latestMail(page.request, payer.email, 'invoice-refunded');
    expect(mail.text).toContain('subscription is cancelled with this refund');
    await page.goto('/dashboard/billing');
    await expect(page.locator('dt', { hasText: 'Status' }).locator('+ dd')).toHaveText('Canceled');
  });

  test('explains a lost connection, a change made meanwhile and a sign-in that is too old', async ({
    page,
    browser,
    allowConsoleError,
  }) => {
    // Signing in again asks for a fresh code, which may wait for the app's next 30-second step.
    test.setTimeout(90_000);
    // The aborted calls and the refusals below are the test's own, and the browser logs them.
    allowConsoleError(
      /^Failed to load resource: net::ERR_FAILED @ https?:\/\/[^/]+\/api\/admin\/customers\/[^/]+(\/actions)?$/,
    );
    allowConsoleError(failedLoad(401, '/api/admin/customers/*/actions'));
    allowConsoleError(failedLoad(409, '/api/admin/customers/*/actions'));
    await signUpForTrial(page, 'Eve Errors');
    const userId = await userIdFromDashboard(page);
    const operator = await signInOperator(browser);

    // No answer to the page's own call: a clear message and Retry.
    await operator.route('**/api/admin/customers/*', (route) => route.abort());
    await operator.goto(`/admin/customer?id=${userId}`);
    await expect(operator.getByRole('alert')).toContainText('Network error');
    await operator.unroute('**/api/admin/customers/*');
    await operator.getByRole('button', { name: 'Retry' }).click();
    await expect(operator.getByRole('heading', { level: 1, name: 'Eve Errors' })).toBeVisible();

    const actions = '**/api/admin/customers/*/actions';
    const answer = (status: number, code: string, message: string) =>
      operator.route(actions, (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ message, code }),
        }),
      );
    const sessions = operator.getByRole('region', { name: 'Sessions' });
    const signOut = () => sessions.getByRole('button', { name: /Sign out everywhere/ }).click();
    const dialog = operator.getByRole('dialog', { name: 'Sign the customer out everywhere?' });
    const confirm = async () => {
      await dialog.getByLabel('Reason').fill('Checking the error paths.');
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    };

    // Too old a sign-in: the message, and a way to sign in again, in the dialog.
    await answer(401, 'REAUTH_REQUIRED', ConsoleMessages.signInAgain);
    await signOut();
    await confirm();
    await expect(dialog.getByRole('alert')).toContainText(ConsoleMessages.signInAgain);
    await expect(dialog.getByRole('link', { name: 'Sign in again' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/admin/customer?id=${userId}`)}`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Changed meanwhile: the dialog closes, the section says so and the customer is reloaded.
    await operator.unroute(actions);
    await answer(409, 'STALE_STATE', ConsoleMessages.staleState);
    const reloaded = operator.waitForResponse(
      (response) => response.url().endsWith(`/api/admin/customers/${userId}`) && response.ok(),
    );
    await signOut();
    await confirm();
    await expect(dialog).toBeHidden();
    await expect(sessions.getByRole('alert')).toHaveText(ConsoleMessages.staleState);
    await reloaded;

    // Sent, but no answer: it may or may not have happened, so the page is reloaded to check.
    await operator.unroute(actions);
    await operator.route(actions, (route) => route.abort());
    await signOut();
    await confirm();
    await expect(sessions.getByRole('alert')).toContainText('may or may not have been done');

    // "Sign in again" ends this browser's session, asks for the password and comes back here.
    await operator.unroute(actions);
    await answer(401, 'REAUTH_REQUIRED', ConsoleMessages.signInAgain);
    await signOut();
    await confirm();
    await dialog.getByRole('link', { name: 'Sign in again' }).click();
    await expect(operator).toHaveURL(/\/login\?next=/);
    await expect(operator.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await operator.unroute(actions);
    await islandsReady(operator);
    await operator.getByRole('textbox', { name: 'Email' }).fill(operatorEmail(operator));
    await operator.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await operator.getByRole('button', { name: 'Log In' }).click();
    // The operator has two-step sign-in on: the code from their app, then back to the customer.
    await expect(operator).toHaveURL(/\/login\/code\?next=/);
    // The page's script sends the page to go on to with the code; a person cannot type a code
    // before it ran, but a test can (without it the form goes to the dashboard).
    await expect(operator.locator('#code-form')).toHaveAttribute('action', /\?next=/);
    const app = operatorApp(operator);
    await operator.getByLabel('Authentication code').fill(await freshCode(app.secret, app.used));
    await operator.getByRole('button', { name: 'Verify' }).click();
    await expect(operator).toHaveURL(new RegExp(`/admin/customer\\?id=${userId}$`));
    await expect(operator.getByRole('heading', { level: 1, name: 'Eve Errors' })).toBeVisible();
    await closeOperator(operator);
  });

  test("counts a plugin's report in the overview's feature adoption, chart and table alike", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const operator = await signInOperator(browser);
    const adoption = operator.getByRole('region', { name: 'Feature adoption' });
    /** The adoption table's row of a command: [uses, device-days]. */
    const row = async (command: string) => {
      const cells = adoption.getByRole('row', { name: new RegExp(`^${command}`) }).locator('td');
      return [Number(await cells.nth(0).innerText()), Number(await cells.nth(1).innerText())];
    };
    await operator.goto('/admin?range=7d');
    await expect(adoption.getByRole('table')).toBeVisible();
    const before = await row('Legend Views from Word');

    // Only this test reports this command: the change is exactly the report.
    await signUpForTrial(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    const deviceId = `e2e-adoption-${Date.now()}-${random()}`;
    await activateDevice(page.request, licenseKey, { deviceId, deviceName: 'Desk' }, visitorIp);
    const today = new Date().toISOString().slice(0, 10);
    const sent = await page.request.post('/api/usage/report', {
      data: {
        licenseKey,
        deviceId,
        batchId: `e2e-adoption-${random()}-${random()}`,
        events: [{ feature: 'legends-from-word', day: today, count: 37 }],
      },
      headers: { 'CF-Connecting-IP': visitorIp },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await operator.reload();
    await expect(adoption.getByRole('table')).toBeVisible();
    expect(await row('Legend Views from Word')).toEqual([before[0]! + 37, before[1]! + 1]);
    await adoption
      .getByLabel('Command', { exact: true })
      .selectOption({ label: 'Legend Views from Word' });
    await expect(
      adoption.getByRole('img', { name: /Uses of Legend Views from Word per period/ }),
    ).toBeVisible();
    expect(await axeViolations(operator)).toEqual([]);
    await adoption.screenshot({ path: testInfo.outputPath('adoption.png') });
    await closeOperator(operator);
  });

  // Alone (the `serial` project): it reads the whole site's figures before and after its journeys,
  // so another test's signup at the same moment would count.
  test(
    'shows each Overview number as the seeded journeys add up, in plain words',
    {
      tag: '@alone',
    },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(150_000);
      // The operator first: its own trial signup is counted before the first reading.
      const operator = await signInOperator(browser);
      const cards = {
        trials: operator.getByRole('region', { name: 'Trials started' }),
        conversions: operator.getByRole('region', { name: 'Trials converted to paid' }),
        subscriptions: operator.getByRole('region', { name: 'Paid subscriptions' }),
        mrr: operator.getByRole('region', { name: 'Monthly recurring revenue' }),
        cancellations: operator.getByRole('region', { name: 'Cancellations' }),
        refunds: operator.getByRole('region', { name: 'Refunds' }),
        seats: operator.getByRole('region', { name: 'Enterprise seats used' }),
        devices: operator.getByRole('region', { name: 'Active devices' }),
      };
      const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
      const int = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''));
      /** Every number of the Overview's cards, read from their headlines as an operator reads them. */
      const readOverview = async () => {
        await operator.goto('/admin?range=7d');
        await expect(cards.trials.locator('.console-headline')).toBeVisible();
        const line = async (card: keyof typeof cards, pattern: RegExp) => {
          const text = await cards[card].locator('.console-headline').innerText();
          const match = pattern.exec(text);
          expect(match, `${card}: ${text}`).not.toBeNull();
          return match!.slice(1);
        };
        const [trials, , converted, started] = await line(
          'trials',
          /^([\d,]+) in the range; (\d+%|no trials)(?: of them became paid \(([\d,]+) of ([\d,]+)\))?/,
        );
        const [conversions] = await line('conversions', /^([\d,]+) trials? became paid/);
        const [paying, seats] = await line(
          'subscriptions',
          /^([\d,]+) paying now, ([\d,]+) seats?\b/,
        );
        const [mrr, arr] = await line('mrr', /^MRR (\$[\d,.]+), ARR (\$[\d,]+\.\d\d)/);
        const [ended] = await line('cancellations', /^([\d,]+) subscriptions? ended/);
        const [refunds, refunded] = await line('refunds', /^([\d,]+) refunds?, (\$[\d,.]+)/);
        const [used, sold] = await line('seats', /^([\d,]+) of ([\d,]+) seats? sold in use/);
        const [devices] = await line('devices', /^([\d,]+) devices? activated now/);
        return {
          trials: int(trials),
          cohort: [int(converted ?? '0'), int(started ?? '0')],
          conversions: int(conversions),
          paying: int(paying),
          seats: int(seats),
          mrr: money(mrr!),
          arr: money(arr!),
          ended: int(ended),
          refunds: int(refunds),
          refunded: money(refunded!),
          enterprise: [int(used), int(sold)],
          devices: int(devices),
        };
      };
      const before = await readOverview();

      // A trial left alone.
      const { baseURL } = test.info().project.use;
      const idle = await browser.newContext(baseURL ? { baseURL } : {});
      const idlePage = await idle.newPage();
      await newVisitor(idlePage);
      await signUpForTrial(idlePage, 'Ivy Idle');
      await idle.close();
      // A trial upgraded to Standard by card, with a device activated.
      await signUpForTrial(page, 'Una Upgrade');
      await page
        .getByRole('region', { name: 'Upgrade to Standard' })
        .getByRole('button', { name: 'Upgrade to Standard' })
        .click();
      await payAtDevCheckout(page);
      await activateDevice(
        page.request,
        await licenseKeyFromDashboard(page),
        { deviceId: `e2e-overview-${Date.now()}-${random()}`, deviceName: 'Desk' },
        visitorIp,
      );
      // Standard bought at signup, without a trial.
      const direct = await browser.newContext(baseURL ? { baseURL } : {});
      const directPage = await direct.newPage();
      await newVisitor(directPage);
      await buyStandard(directPage, 'Dora Direct');
      await direct.close();

      const after = await readOverview();
      const seatMonthCents = Math.round(((plans.standard.priceUsd ?? 0) * 100) / 12);
      expect(after).toEqual({
        trials: before.trials + 2,
        cohort: [before.cohort[0]! + 1, before.cohort[1]! + 2],
        conversions: before.conversions + 1,
        paying: before.paying + 2,
        seats: before.seats + 2,
        mrr: before.mrr + 2 * seatMonthCents,
        arr: (before.mrr + 2 * seatMonthCents) * 12,
        ended: before.ended,
        refunds: before.refunds,
        refunded: before.refunded,
        enterprise: before.enterprise,
        devices: before.devices + 1,
      });
      // The chart's numbers as a table: today's trials there are the headline's last period.
      await cards.trials.getByText('Show as table').click();
      const rows = cards.trials.getByRole('row');
      await expect(rows.last()).toBeVisible();
      expect(await cards.trials.getByRole('img').getAttribute('aria-label')).toMatch(
        /^Trials started/,
      );
      for (const width of [1280, 390]) {
        await operator.setViewportSize({ width, height: 900 });
        expect(await sidewaysOverflow(operator)).toBeLessThanOrEqual(0);
        // The chart is drawn at its box's width: never stretched.
        const chart = cards.trials.locator('svg.console-chart');
        const [drawn, box] = await chart.evaluate((svg) => [
          Number(svg.getAttribute('width')),
          svg.parentElement!.getBoundingClientRect().width,
        ]);
        expect(Math.abs(drawn - box)).toBeLessThanOrEqual(1);
        await operator.screenshot({
          path: testInfo.outputPath(`overview-${width}.png`),
          fullPage: true,
        });
      }
      await closeOperator(operator);
    },
  );

  test('has no accessibility violations on any console page, and works at 390 px', async ({
    page,
    browser,
  }, testInfo) => {
    // A signup, then axe on five pages and three dialogs at two widths: slow under CI load.
    test.setTimeout(120_000);
    const { email } = await signUpForTrial(page, 'Axel Access');
    const userId = await userIdFromDashboard(page);
    const licenseKey = await licenseKeyFromDashboard(page);
    await activateDevice(
      page.request,
      licenseKey,
      { deviceId: `e2e-axe-${Date.now()}-${random()}`, deviceName: 'Studio PC' },
      visitorIp,
    );
    await sendContactMessage(page, {
      name: 'Axel Access',
      email,
      text: 'Is there a site license?',
    });
    const operator = await signInOperator(browser);

    await operator.goto(`/admin/search?q=${userId}`);
    await expect(operator.getByRole('row', { name: /Axel Access/ })).toBeVisible();
    expect(await axeViolations(operator)).toEqual([]);
    expect(await sidewaysOverflow(operator)).toBeLessThanOrEqual(0);

    await openCustomer(operator, userId, 'Axel Access');
    await islandsReady(operator);
    expect(await axeViolations(operator)).toEqual([]);
    expect(await sidewaysOverflow(operator)).toBeLessThanOrEqual(0);
    await operator.getByRole('button', { name: /Extend end date/ }).click();
    await expect(operator.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(operator)).toEqual([]);
    await operator.keyboard.press('Escape');
    await operator.getByRole('button', { name: /Schedule deletion/ }).click();
    await expect(operator.getByRole('dialog', { name: /Schedule this account/ })).toBeVisible();
    expect(await axeViolations(operator)).toEqual([]);
    await operator.keyboard.press('Escape');

    for (const path of ['/admin', '/admin/inbox', '/admin/money', '/admin/audit']) {
      await operator.goto(path);
      await islandsReady(operator);
      await expect(operator.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      expect(await axeViolations(operator), path).toEqual([]);
      expect(await sidewaysOverflow(operator), path).toBeLessThanOrEqual(0);
    }
    await operator.goto('/admin/inbox');
    await operator.getByRole('tab', { name: 'Handled' }).click();
    await expect(operator.getByRole('tab', { name: 'Handled' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(operator.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await axeViolations(operator), 'inbox, handled').toEqual([]);

    // Phone width: the tables become labelled blocks, nothing overflows sideways.
    await operator.setViewportSize({ width: 390, height: 844 });
    await openCustomer(operator, userId, 'Axel Access');
    await islandsReady(operator);
    expect(await axeViolations(operator)).toEqual([]);
    expect(await sidewaysOverflow(operator)).toBeLessThanOrEqual(0);
    await operator.screenshot({ path: testInfo.outputPath('customer-390.png'), fullPage: true });
    await operator.goto('/admin?range=7d');
    await expect(operator.getByRole('button', { name: '7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(operator.getByRole('heading', { name: 'Trials started' })).toBeVisible();
    expect(await axeViolations(operator), 'overview at 390 px').toEqual([]);
    expect(await sidewaysOverflow(operator)).toBeLessThanOrEqual(0);
    await operator.screenshot({ path: testInfo.outputPath('overview-390.png'), fullPage: true });
    await closeOperator(operator);
  });
});
