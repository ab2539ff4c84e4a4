/**
 * The pending-signup cookie signs the browser that paid in once: the first poll after the account
 * exists gets the session and spends the cookie's right server-side (a consumed_tokens row written
 * in the same batch as the session). Later polls with it, concurrent ones and any caller without
 * it learn only "created / not yet": no e-mail, no user, no token.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentCompletionResponse } from '../../src/contract/payments';
import { signupForm, queryAll, sessionCookieOf, verifyEmail } from './account-helpers';
import { billingWorld, deliver, payLocal, poll, type BillingWorld } from './billing-helpers';
import { ORIGIN } from './helpers';

const PENDING_COOKIE = '__Host-sw_pending';

/** A verified Standard signup at checkout: its session id and the browser's pending cookie. */
async function startStandard(world: BillingWorld) {
  const form = signupForm({ plan: 'standard' });
  await verifyEmail(world.app, form);
  const response = await world.app.post('/api/register-email-standard', form);
  expect(response.status, await response.clone().text()).toBe(200);
  const { sessionId } = await response.json<{ sessionId: string }>();
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PENDING_COOKIE}=`));
  const pendingCookie = setCookie?.split(';')[0] ?? '';
  expect(pendingCookie).not.toBe('');
  return { form, sessionId, browser: { Cookie: pendingCookie, Origin: ORIGIN } };
}

/** A Standard signup paid, with its webhooks delivered: the account exists. */
async function paidSignup(world: BillingWorld) {
  const started = await startStandard(world);
  const paid = await payLocal(world, started.sessionId);
  for (const event of [paid.completed, paid.invoicePaid]) {
    expect((await deliver(world.app, event.payload, event.signature)).status).toBe(200);
  }
  return started;
}

async function sessionsOf(email: string) {
  return queryAll<{ id: string }>(
    'SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?',
    email,
  );
}

/** The pending cookie's Set-Cookie header of a response, when it clears the cookie. */
function clearsPendingCookie(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((c) => c.startsWith(`${PENDING_COOKIE}=;`) && /Max-Age=0/i.test(c));
}

describe('check-payment-completion and the pending-signup cookie', () => {
  it('signs the paying browser in once and clears its cookie', async () => {
    const world = billingWorld();
    const { form, sessionId, browser } = await paidSignup(world);

    const first = await poll(world.app, sessionId, browser);
    expect(first.status).toBe(200);
    const answer = await first.json<PaymentCompletionResponse>();
    expect(answer).toMatchObject({ accountCreated: true, email: form.email });
    expect(answer.token).toBeTruthy();
    expect(answer.user?.email).toBe(form.email);
    expect(sessionCookieOf(first)).toBe(answer.token);
    expect(clearsPendingCookie(first)).toBe(true);
    expect(await sessionsOf(form.email)).toHaveLength(1);

    const again = await poll(world.app, sessionId, browser);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ accountCreated: true });
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(await sessionsOf(form.email)).toHaveLength(1);
  });

  it('ten concurrent polls with the cookie start exactly one session', async () => {
    const world = billingWorld();
    const { form, sessionId, browser } = await paidSignup(world);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => poll(world.app, sessionId, browser)),
    );

    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const answers = await Promise.all(responses.map((r) => r.json<PaymentCompletionResponse>()));
    const signedIn = answers.filter((a) => a.token !== undefined);
    expect(signedIn).toHaveLength(1);
    for (const other of answers.filter((a) => a.token === undefined)) {
      expect(other).toEqual({ accountCreated: true });
    }
    expect(responses.filter((r) => sessionCookieOf(r) !== undefined)).toHaveLength(1);
    expect(await sessionsOf(form.email)).toHaveLength(1);
  });

  it('polling and webhook racing at once still start one session', async () => {
    const world = billingWorld();
    const { form, sessionId, browser } = await startStandard(world);
    const paid = await payLocal(world, sessionId);

    const responses = await Promise.all([
      deliver(world.app, paid.completed.payload, paid.completed.signature),
      ...Array.from({ length: 5 }, () => poll(world.app, sessionId, browser)),
    ]);

    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const polls = await Promise.all(
      responses.slice(1).map((r) => r.json<PaymentCompletionResponse>()),
    );
    expect(polls.filter((a) => a.token !== undefined)).toHaveLength(1);
    expect(await sessionsOf(form.email)).toHaveLength(1);
  });

  it('after logout the same cookie signs nobody in again', async () => {
    const world = billingWorld();
    const { form, sessionId, browser } = await paidSignup(world);
    const first = await poll(world.app, sessionId, browser);
    const { token } = await first.json<PaymentCompletionResponse>();
    const logout = await world.app.request('/api/logout', {
      method: 'POST',
      headers: { Cookie: `__Host-sw_session=${token}`, Origin: ORIGIN },
    });
    expect(logout.status).toBe(200);

    world.app.clock.advance(60);
    const replay = await poll(world.app, sessionId, browser);

    expect(await replay.json()).toEqual({ accountCreated: true });
    expect(sessionCookieOf(replay)).toBeUndefined();
    expect(await sessionsOf(form.email)).toHaveLength(1);
  });

  it('a caller with only the session_id learns "created" and nothing else', async () => {
    const world = billingWorld();
    const { form, sessionId } = await startStandard(world);

    const before = await poll(world.app, sessionId);
    expect(await before.json()).toEqual({ accountCreated: false });

    const paid = await payLocal(world, sessionId);
    for (const event of [paid.completed, paid.invoicePaid]) {
      expect((await deliver(world.app, event.payload, event.signature)).status).toBe(200);
    }
    const bare = await poll(world.app, sessionId);
    const text = await bare.text();

    expect(bare.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ accountCreated: true });
    expect(text).not.toContain(form.email);
    expect(sessionCookieOf(bare)).toBeUndefined();
    expect(await sessionsOf(form.email)).toHaveLength(0);
  });

  it('the cookie from our pages only: without our Origin it is not used (nor spent)', async () => {
    const world = billingWorld();
    const { form, sessionId, browser } = await paidSignup(world);

    const crossSite = await poll(world.app, sessionId, { Cookie: browser.Cookie });
    expect(await crossSite.json()).toEqual({ accountCreated: true });
    expect(await sessionsOf(form.email)).toHaveLength(0);

    const own = await poll(world.app, sessionId, browser);
    expect((await own.json<PaymentCompletionResponse>()).token).toBeTruthy();
  });

  it('a forged cookie or another signup’s cookie neither signs in nor spends the right one', async () => {
    const world = billingWorld();
    const mine = await paidSignup(world);
    const theirs = await paidSignup(world);

    const forged = await poll(world.app, mine.sessionId, {
      Cookie: `${PENDING_COOKIE}=${encodeURIComponent('not-a-signed-value')}`,
      Origin: ORIGIN,
    });
    const wrong = await poll(world.app, mine.sessionId, theirs.browser);
    for (const response of [forged, wrong]) {
      expect(await response.json()).toEqual({ accountCreated: true });
    }
    expect(await sessionsOf(mine.form.email)).toHaveLength(0);
    expect(await sessionsOf(theirs.form.email)).toHaveLength(0);

    expect(
      (
        await (
          await poll(world.app, mine.sessionId, mine.browser)
        ).json<PaymentCompletionResponse>()
      ).token,
    ).toBeTruthy();
  });

  it('once the pending signup has expired its cookie no longer signs in', async () => {
    const world = billingWorld();
    const { form, sessionId, browser } = await paidSignup(world);

    world.app.clock.advance(24 * 60 * 60 + 1);
    const late = await poll(world.app, sessionId, browser);

    expect(await late.json()).toEqual({ accountCreated: true });
    expect(await sessionsOf(form.email)).toHaveLength(0);
  });
});
