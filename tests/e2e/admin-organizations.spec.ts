/**
 * Enterprise organizations in the operator console, as an operator runs them: an Enterprise
 * enquiry arrives through the About form, the operator creates the organization from it (the form
 * comes filled with the sender as owner and the message as a note), invites a colleague for the
 * owner, finds the organization again by the member's license key, frees the member's device,
 * changes the agreement and removes the member; every step is in the audit trail. Axe finds
 * nothing on the pages and dialogs, and nothing scrolls sideways at 390 px.
 */
import type { Page } from '@playwright/test';
import { TeamMessages } from '../../src/contract/messages';
import {
  activateDevice,
  islandsReady,
  latestMail,
  newVisitor,
  PASSWORD,
  signUpForTrial,
} from './auth.helpers';
import { axeViolations, closeOperator, sidewaysOverflow, signInOperator } from './console.helpers';
import { expect, failedLoad, test } from './fixtures';

/**
 * The page's axe findings and overflow at 1280 and at 390 px, with a screenshot at each width
 * kept with the test's results (`name`).
 */
async function checkPage(page: Page, name: string): Promise<void> {
  const shot = async (width: number) => {
    const path = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name} at ${width} px`, { path, contentType: 'image/png' });
  };
  expect(await axeViolations(page)).toEqual([]);
  await shot(1280);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await shot(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an operator creates an organization from an enquiry and runs its team from the console', async ({
  page,
  browser,
  allowConsoleError,
}) => {
  // Creating it without a name is refused with 400, which the browser logs.
  allowConsoleError(failedLoad(400, '/api/admin/organizations'));
  test.setTimeout(240_000);
  const stamp = Date.now();
  const name = `Keller Bridge Design ${stamp}`;

  // The owner-to-be has an account and writes in.
  await newVisitor(page);
  const owner = await signUpForTrial(page, 'Hanna Keller');
  await page.goto('/about');
  const contact = page.locator('form[data-contact-form]');
  await contact.getByLabel('Name').fill('Hanna Keller');
  await contact.getByRole('textbox', { name: 'Email' }).fill(owner.email);
  await contact.getByLabel('Message').fill(`Enterprise for 5 engineers, ref ${stamp}.`);
  await contact.getByRole('checkbox', { name: 'Verify you are human' }).check();
  await contact.getByRole('button', { name: 'SEND' }).click();
  await expect(contact.getByRole('status')).toHaveText(/Thank you/);

  const operator = await signInOperator(browser);
  await operator.goto('/admin/inbox');
  await islandsReady(operator);
  const enquiry = operator.getByRole('article', { name: 'Hanna Keller' }).filter({
    hasText: `ref ${stamp}`,
  });
  await enquiry.getByRole('link', { name: /Create organization/ }).click();
  await expect(operator).toHaveURL(/\/admin\/organizations\?new=1/);
  const form = operator.getByRole('region', { name: 'New organization' });
  await expect(form.getByLabel("Owner's e-mail")).toHaveValue(owner.email);
  await expect(form.getByLabel('Internal notes')).toHaveValue(new RegExp(`ref ${stamp}`));

  // No name and no reason: the server's plain refusal, and nothing is created.
  await form.getByRole('button', { name: 'Create organization' }).click();
  await expect(form.getByRole('alert')).toHaveText('Name the organization.');
  await form.getByLabel('Organization name').fill(name);
  await form.getByLabel('Seats').fill('2');
  await form.getByLabel('Devices per seat').fill('3');
  await form.getByLabel('Agreement reference').fill(`PO-${stamp}`);
  await checkPage(operator, 'create-form');
  await form.getByLabel('Reason').fill('Agreement signed by Hanna Keller');
  await form.getByRole('button', { name: 'Create organization' }).click();
  await expect(operator.getByRole('heading', { level: 1, name })).toBeVisible();
  const agreement = operator.getByRole('region', { name: 'Agreement' });
  await expect(agreement).toContainText('0 of 2 used');
  await expect(agreement).toContainText(`PO-${stamp}`);

  // The operator invites a colleague for the owner; the dialog needs a reason.
  const member = { email: `member-${stamp}@example.com`, name: 'Jonas Weber' };
  await operator
    .getByRole('region', { name: 'Open invitations' })
    .getByRole('button', { name: 'Invite...' })
    .click();
  const invite = operator.getByRole('dialog', { name: `Invite someone to ${name}` });
  await invite.getByLabel('E-mail').fill(member.email);
  await checkPage(operator, 'invite-dialog');
  await invite.getByLabel('Reason').fill('Owner asked by phone');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    operator.getByRole('status').filter({ hasText: TeamMessages.invited }),
  ).toBeVisible();
  await expect(
    operator.getByRole('region', { name: 'Open invitations' }).getByRole('row', {
      name: new RegExp(member.email),
    }),
  ).toBeVisible();

  // The colleague joins by the e-mailed link and activates a device.
  const colleague = await browser.newContext();
  const colleaguePage = await colleague.newPage();
  const { ip } = await newVisitor(colleaguePage);
  const mail = await latestMail(colleaguePage.request, member.email, 'team-invitation');
  expect(mail.text).toContain(name);
  const token = /#token=([\w-]+)/.exec(mail.links.find((href) => href.includes('#token='))!)![1]!;
  const joined = await colleaguePage.request.post(`/api/invitations/${token}/signup`, {
    data: { customerName: member.name, password: PASSWORD },
  });
  expect(joined.status()).toBe(200);
  const licenseKey = ((await joined.json()) as { user: { licenseKey: string } }).user.licenseKey;
  await activateDevice(
    colleaguePage.request,
    licenseKey,
    { deviceId: `E2E-ORG-${stamp}`, deviceName: 'WEBER-LAPTOP' },
    ip,
  );

  // Found again by the member's key, read out in lower case without dashes.
  await operator.goto('/admin/organizations');
  await islandsReady(operator);
  await operator
    .getByRole('searchbox', { name: 'Find an organization' })
    .fill(licenseKey.replaceAll('-', '').toLowerCase());
  await operator.getByRole('button', { name: 'Search', exact: true }).click();
  const results = operator.getByRole('region', { name: /Organizations matching/ });
  await expect(results.getByRole('row', { name: new RegExp(name) })).toContainText('license key');
  await checkPage(operator, 'search-results');
  await results.getByRole('link', { name }).click();
  await expect(operator.getByRole('heading', { level: 1, name })).toBeVisible();
  const members = operator.getByRole('region', { name: /Members/ });
  await expect(members.getByRole('row', { name: new RegExp(member.name) })).toContainText(
    'WEBER-LAPTOP',
  );
  await expect(
    operator.getByRole('region', { name: 'Team activity' }).getByRole('row', {
      name: /Device activated/,
    }),
  ).toBeVisible();
  await checkPage(operator, 'organization');

  // Free the member's device: confirmed with a reason; the plugin is then told it is not active.
  await members.getByRole('button', { name: /Free\.\.\. WEBER-LAPTOP/ }).click();
  const free = operator.getByRole('dialog', { name: 'Free this device?' });
  await free.getByLabel('Reason').fill('Laptop stolen, owner asked');
  await free.getByRole('button', { name: 'Free device' }).click();
  await expect(
    operator.getByRole('status').filter({ hasText: TeamMessages.deviceFreed }),
  ).toBeVisible();
  const validate = await colleaguePage.request.post('/api/licenses/validate', {
    data: { licenseKey, deviceId: `E2E-ORG-${stamp}` },
    headers: { 'CF-Connecting-IP': ip },
  });
  expect(await validate.json()).toMatchObject({ status: 'DEVICE_NOT_ACTIVATED' });

  // Change the agreement: seats below the members are refused in the dialog; three are saved.
  await agreement.getByRole('button', { name: 'Change agreement...' }).click();
  const edit = operator.getByRole('dialog', { name: `Change the agreement of ${name}` });
  await expect(edit.getByLabel('Seats')).toHaveValue('2');
  await checkPage(operator, 'edit-dialog');
  await edit.getByLabel('Seats').fill('3');
  await edit.getByLabel('Reason').fill('Amendment 1: a third seat');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    operator.getByRole('status').filter({ hasText: 'The organization has been updated.' }),
  ).toBeVisible();
  await expect(agreement).toContainText('1 of 3 used');

  // Remove the member: their license is revoked.
  await members.getByRole('button', { name: /Remove\.\.\. Jonas Weber/ }).click();
  const remove = operator.getByRole('dialog', { name: 'Remove Jonas Weber?' });
  await remove.getByLabel('Reason').fill('Left the firm');
  await remove.getByRole('button', { name: 'Remove member' }).click();
  await expect(
    operator.getByRole('status').filter({ hasText: TeamMessages.memberRemoved }),
  ).toBeVisible();
  await expect(members).toContainText('No member has joined yet.');
  const revoked = await colleaguePage.request.post('/api/licenses/validate', {
    data: { licenseKey, deviceId: `E2E-ORG-${stamp}` },
    headers: { 'CF-Connecting-IP': ip },
  });
  expect(await revoked.json()).toMatchObject({ status: 'REVOKED' });

  // Every change is in the organization's audit trail, newest first, with its reason.
  const audit = operator.getByRole('region', { name: 'Audit trail' });
  for (const reason of [
    'Left the firm',
    'Amendment 1: a third seat',
    'Laptop stolen, owner asked',
    'Owner asked by phone',
    'Agreement signed by Hanna Keller',
  ])
    await expect(audit.getByRole('row', { name: new RegExp(reason) })).toBeVisible();
  await checkPage(operator, 'audit-trail');

  // The owner's customer page links to the organization.
  await operator.getByRole('link', { name: 'Hanna Keller' }).first().click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Hanna Keller' })).toBeVisible();
  await expect(operator.getByRole('region', { name: 'Account' })).toContainText(`${name} (owner)`);

  await colleague.close();
  await closeOperator(operator);
});
