import { describe, expect, it } from 'vitest';
import { purgeDeletedAccounts } from '../../functions/services/cron/purge-accounts';
import { ConsoleMessages } from '../../src/contract/messages';
import { parse } from '../../src/contract/shape';
import { retentionDays } from '../../src/site.config';
import {
  accountApp,
  botToken,
  queryAll,
  signUpTrial,
  type AccountApp,
  type SignedInAccount,
} from './account-helpers';
import { adminGet, adminPost, detailOf, operator } from './admin-helpers';
import { quietCronLogs, testDb } from './cron-helpers';
import { ORIGIN } from './helpers';
import { DAY_MS } from './licenses-helpers';
import { isActOnCustomerAnswer } from '../../src/generated/answers/ActOnCustomerAnswer';
import { isListContactMessagesAnswer } from '../../src/generated/answers/ListContactMessagesAnswer';

const count = async (sql: string, ...params: unknown[]) =>
  (await queryAll<{ n: number }>(sql, ...params))[0]?.n ?? 0;

function addNote(app: AccountApp, who: SignedInAccount, userId: string, text: unknown) {
  return adminPost(app, who, `/api/admin/customers/${userId}/notes`, { text });
}

function deleteNote(app: AccountApp, who: SignedInAccount, userId: string, noteId: string) {
  return app.request(`/api/admin/customers/${userId}/notes/${noteId}`, {
    method: 'DELETE',
    headers: { ...who.browser, 'Sec-Fetch-Site': 'same-origin' },
  });
}

describe('internal notes on a customer', () => {
  it('adds a trimmed note with its audit row, newest first, and refuses bad input unchanged', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const userId = customer.auth.user.userId;

    for (const [text, message] of [
      ['   ', 'Write the note first: it is empty.'],
      ['x'.repeat(2001), 'A note holds 2,000 characters at most.'],
      [42, 'Write the note first.'],
    ] as const) {
      const refused = await addNote(app, admin, userId, text);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await count('SELECT count(*) AS n FROM customer_notes WHERE user_id = ?', userId)).toBe(
      0,
    );
    expect(await count('SELECT count(*) AS n FROM audit_log WHERE user_id = ?', userId)).toBe(0);

    const first = await addNote(app, admin, userId, '  Called about the invoice.  ');
    expect(first.status, await first.clone().text()).toBe(200);
    const added = parse(isActOnCustomerAnswer, await first.json());
    expect(added.message).toBe(ConsoleMessages.noteAdded);
    app.clock.advance(60);
    expect((await addNote(app, admin, userId, 'x'.repeat(2000))).status).toBe(200);

    const detail = await detailOf(app, admin, userId);
    expect(detail.notes.map((note) => note.text)).toEqual([
      'x'.repeat(2000),
      'Called about the invoice.',
    ]);
    expect(detail.notes[1]).toMatchObject({
      authorId: admin.userId,
      authorEmail: admin.form.email,
      authorName: admin.form.customerName,
      mine: true,
    });
    // The audit row names the note, not its text.
    const noteId = detail.notes[1]!.id;
    expect(detail.audit.find((entry) => entry.subject === `note:${noteId}`)).toMatchObject({
      action: 'add-note',
      operatorId: admin.userId,
      reason: ConsoleMessages.noteAddedReason,
      after: JSON.stringify({ characters: 'Called about the invoice.'.length }),
    });
    const audited = await queryAll<{ before: string; after: string }>(
      'SELECT before, after FROM audit_log WHERE user_id = ?',
      userId,
    );
    expect(JSON.stringify(audited)).not.toContain('Called about the invoice');

    expect((await addNote(app, admin, crypto.randomUUID(), 'Nobody')).status).toBe(404);
  });

  it('lets only its author delete a note, once, with an audit row', async () => {
    const app = accountApp();
    const author = await operator(app);
    const colleague = await operator(app);
    const customer = await signUpTrial(app);
    const userId = customer.auth.user.userId;
    expect((await addNote(app, author, userId, 'Prefers e-mail over phone.')).status).toBe(200);
    const [note] = (await detailOf(app, colleague, userId)).notes;
    expect(note).toMatchObject({ mine: false });

    const refused = await deleteNote(app, colleague, userId, note!.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: ConsoleMessages.notYourNote });
    expect(await count('SELECT count(*) AS n FROM customer_notes WHERE id = ?', note!.id)).toBe(1);

    const deleted = await deleteNote(app, author, userId, note!.id);
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const result = parse(isActOnCustomerAnswer, await deleted.json());
    expect(result.message).toBe(ConsoleMessages.noteDeleted);
    expect(result.detail.notes).toEqual([]);
    expect(result.detail.audit[0]).toMatchObject({
      action: 'delete-note',
      subject: `note:${note!.id}`,
      reason: ConsoleMessages.noteDeletedReason,
    });
    const again = await deleteNote(app, author, userId, note!.id);
    expect(again.status).toBe(404);
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_log WHERE user_id = ? AND action = 'delete-note'",
        userId,
      ),
    ).toBe(1);
  });

  it('keeps notes away from customers and the customer API, and from non-operators', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const userId = customer.auth.user.userId;
    const secret = `internal-${crypto.randomUUID()}`;
    expect((await addNote(app, admin, userId, secret)).status).toBe(200);

    for (const path of [
      '/api/me',
      '/api/billing',
      '/api/usage',
      '/api/passkeys',
      '/api/two-step',
    ]) {
      const response = await app.request(path, { headers: customer.bearer });
      expect(await response.text(), path).not.toContain(secret);
    }
    // The customer (and anyone but an operator) cannot reach the notes' routes.
    expect((await addNote(app, customer, userId, 'Mine now')).status).toBe(403);
    const [note] = (await detailOf(app, admin, userId)).notes;
    expect((await deleteNote(app, customer, userId, note!.id)).status).toBe(403);
    const anonymous = await app.request(`/api/admin/customers/${userId}/notes`, {
      method: 'POST',
      json: { text: 'Hello' },
      headers: { Origin: ORIGIN },
    });
    expect(anonymous.status).toBe(401);
    expect(await count('SELECT count(*) AS n FROM customer_notes WHERE user_id = ?', userId)).toBe(
      1,
    );
  });

  it('deletes the notes when the account is purged, and keeps their audit rows', async () => {
    quietCronLogs();
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const userId = customer.auth.user.userId;
    expect((await addNote(app, admin, userId, 'Asked for a deletion.')).status).toBe(200);
    const deleted = await app.request('/api/delete', {
      method: 'DELETE',
      headers: customer.bearer,
    });
    expect(deleted.status).toBe(200);
    // A deleted account can still be restored, so its notes stay until the purge.
    expect(await count('SELECT count(*) AS n FROM customer_notes WHERE user_id = ?', userId)).toBe(
      1,
    );
    const [user] = await queryAll<{ deleted_at: number }>(
      'SELECT deleted_at FROM users WHERE id = ?',
      userId,
    );
    await purgeDeletedAccounts({
      db: testDb(),
      now: user!.deleted_at + retentionDays.deletedAccount * DAY_MS,
    });

    expect(await count('SELECT count(*) AS n FROM customer_notes WHERE user_id = ?', userId)).toBe(
      0,
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_log WHERE user_id = ? AND action = 'add-note'",
        userId,
      ),
    ).toBe(1);
    // A purged account takes no new notes.
    expect((await addNote(app, admin, userId, 'Too late')).status).toBe(409);
  });
});

/** A contact message from `email`; answers its id. */
async function contactMessage(app: AccountApp, admin: SignedInAccount, email: string) {
  const text = `Can I move my license? ${crypto.randomUUID()}`;
  const sent = await app.post(
    '/api/contact',
    { name: 'Ada Lovelace', email, message: text, recaptchaToken: botToken('contact') },
    { Origin: ORIGIN },
  );
  expect(sent.status).toBe(200);
  const inbox = parse(
    isListContactMessagesAnswer,
    await (await adminGet(app, admin, '/api/admin/inbox')).json(),
  );
  const message = inbox.messages.find((m) => m.message === text);
  expect(message).toBeDefined();
  return { id: message!.id, text };
}

function reply(app: AccountApp, who: SignedInAccount, messageId: string, body: unknown) {
  return adminPost(app, who, `/api/admin/inbox/${messageId}/reply`, body);
}

describe('replying to a contact message', () => {
  it('e-mails the sender once however often the reply is sent, audited, and marks it handled', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const email = customer.form.email;
    const message = await contactMessage(app, admin, email);
    const replyId = crypto.randomUUID();
    const body = { replyId, text: '  Yes: free the old device on Usage & Sessions.  ' };

    const answers = await Promise.all([
      reply(app, admin, message.id, body),
      reply(app, admin, message.id, body),
    ]);
    const retried = await reply(app, admin, message.id, body);
    for (const answer of [...answers, retried]) {
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(await answer.json()).toEqual({ message: ConsoleMessages.replySent });
    }

    const mails = await queryAll<{ subject: string; text: string; tag: string }>(
      "SELECT subject, text, tag FROM outbox WHERE to_email = ? AND tag = 'contact-reply'",
      email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Re: Your message to Sheetwright');
    expect(mails[0]!.text).toContain('Hello Ada Lovelace,\n\nYes: free the old device');
    expect(mails[0]!.text).toContain(`> ${message.text}`);
    expect(mails[0]!.text).toContain('— The Sheetwright team');
    expect(app.mail.filter((m) => m.tag === 'contact-reply' && m.to === email)).toHaveLength(1);

    const handled = parse(
      isListContactMessagesAnswer,
      await (await adminGet(app, admin, '/api/admin/inbox?status=handled')).json(),
    );
    expect(handled.messages.find((m) => m.id === message.id)).toMatchObject({
      status: 'handled',
      handledBy: admin.form.email,
      handledNote: ConsoleMessages.repliedNote,
      replies: [
        {
          id: replyId,
          text: 'Yes: free the old device on Usage & Sessions.',
          operatorEmail: admin.form.email,
        },
      ],
    });
    const audit = await queryAll<{ action: string; user_id: string; reason: string }>(
      "SELECT action, user_id, reason FROM audit_log WHERE subject = ? AND action = 'reply-contact'",
      `contact:${message.id}`,
    );
    expect(audit).toEqual([
      {
        action: 'reply-contact',
        user_id: customer.auth.user.userId,
        reason: ConsoleMessages.replyReason,
      },
    ]);
    // The customer page shows the reply under the message.
    const detail = await detailOf(app, admin, customer.auth.user.userId);
    expect(detail.contactMessages[0]?.replies.map((r) => r.id)).toEqual([replyId]);

    // A second reply (a new id) to a handled message is a new e-mail.
    expect(
      (await reply(app, admin, message.id, { replyId: crypto.randomUUID(), text: 'Also…' })).status,
    ).toBe(200);
    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE to_email = ? AND tag = 'contact-reply'",
        email,
      ),
    ).toBe(2);
  });

  it('refuses bad input with 400 and an unknown message with 404, changing nothing', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const email = `someone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const message = await contactMessage(app, admin, email);

    for (const [body, text] of [
      [{ replyId: crypto.randomUUID(), text: '   ' }, 'Write the reply first: it is empty.'],
      [
        { replyId: crypto.randomUUID(), text: 'x'.repeat(5001) },
        'A reply holds 5,000 characters at most.',
      ],
      [
        { replyId: 'not-an-id', text: 'Hello' },
        'The reply has no valid id. Reload the inbox and try again.',
      ],
    ] as const) {
      const refused = await reply(app, admin, message.id, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: text });
    }
    const unknown = await reply(app, admin, crypto.randomUUID(), {
      replyId: crypto.randomUUID(),
      text: 'Hello',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: ConsoleMessages.messageNotFound });

    // The same reply id for another message is refused too.
    const replyId = crypto.randomUUID();
    expect((await reply(app, admin, message.id, { replyId, text: 'Hello' })).status).toBe(200);
    const other = await contactMessage(app, admin, email);
    const reused = await reply(app, admin, other.id, { replyId, text: 'Hello' });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ message: ConsoleMessages.replyIdTaken });

    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE to_email = ? AND tag = 'contact-reply'",
        email,
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'reply-contact' AND subject IN (?, ?)",
        `contact:${message.id}`,
        `contact:${other.id}`,
      ),
    ).toBe(1);
    const [state] = await queryAll<{ status: string }>(
      'SELECT status FROM contact_messages WHERE id = ?',
      other.id,
    );
    expect(state?.status).toBe('new');
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    const app = accountApp();
    const admin = await operator(app);
    const customer = await signUpTrial(app);
    const message = await contactMessage(app, admin, customer.form.email);
    const body = { replyId: crypto.randomUUID(), text: 'Hello' };
    const anonymous = await app.request(`/api/admin/inbox/${message.id}/reply`, {
      method: 'POST',
      json: body,
      headers: { Origin: ORIGIN },
    });
    expect(anonymous.status).toBe(401);
    expect((await reply(app, customer, message.id, body)).status).toBe(403);
    expect(
      await count('SELECT count(*) AS n FROM contact_replies WHERE message_id = ?', message.id),
    ).toBe(0);
  });
});
