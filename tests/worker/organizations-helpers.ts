/**
 * Helpers for the Enterprise organization tests: an organization created in the console, the
 * owner's calls, and an invitation's link as e-mailed.
 */
import { expect } from 'vitest';
import { signUpTrial, type AccountApp, type SignedInAccount } from './account-helpers';
import { adminPost, type OperatorAccount } from './admin-helpers';
import { DAY_MS } from './licenses-helpers';

export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An organization created in the console, owned by a fresh trial account. */
export async function organization(
  app: AccountApp,
  admin: OperatorAccount,
  options: { seats?: number; deviceLimit?: number; termDays?: number } = {},
) {
  const owner = await signUpTrial(app);
  const response = await adminPost(app, admin, '/api/admin/organizations', {
    name: `Acme Structures ${crypto.randomUUID().slice(0, 4)}`,
    ownerEmail: owner.form.email,
    seats: options.seats ?? 2,
    deviceLimit: options.deviceLimit ?? 3,
    termStart: day(app.clock.now),
    termEnd: day(app.clock.now + (options.termDays ?? 365) * DAY_MS),
    supportTier: 'priority',
    agreementRef: 'PO-2026-118',
    reason: 'Signed agreement',
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { id } = await response.json<{ id: string }>();
  return { id, owner };
}

export function ownerPost(app: AccountApp, owner: SignedInAccount, path: string, json?: unknown) {
  return app.request(path, { method: 'POST', json: json ?? {}, headers: owner.browser });
}

/** Invites `email` as the owner; answers the token from the e-mail's link. */
export async function invite(
  app: AccountApp,
  owner: SignedInAccount,
  email: string,
): Promise<string> {
  const response = await ownerPost(app, owner, '/api/team/invitations', { email });
  expect(response.status, await response.clone().text()).toBe(200);
  return tokenMailedTo(app, email);
}

export function tokenMailedTo(app: AccountApp, email: string): string {
  const mail = [...app.mail].reverse().find((m) => m.to === email && m.tag === 'team-invitation');
  const token = /\/invite#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

export async function signUpByLink(app: AccountApp, token: string, name = 'Marta Brown') {
  return app.post(`/api/invitations/${token}/signup`, {
    customerName: name,
    password: 'girder-span-2026',
  });
}
