/**
 * What a person reads when a request body fails its schema: the schema's own text where it has
 * one (exact product texts), otherwise a plain sentence naming the field — never zod's developer
 * wording such as "Too big: expected string to have <=100 characters".
 */
import { describe, expect, it } from 'vitest';
import { Messages } from '../../src/contract/messages';
import { accountApp } from './account-helpers';

const ZOD_WORDING = /expected|received|Invalid input|Too (big|small)|<=|>=/;

async function messageFor(path: string, json: unknown): Promise<string> {
  const response = await accountApp().post(path, json);
  expect(response.status).toBe(400);
  const body = await response.json<{ code: string; message: string }>();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.message).not.toMatch(ZOD_WORDING);
  return body.message;
}

const form = {
  customerName: 'Ada Lovelace',
  email: 'ada@example.com',
  plan: 'trial',
  recaptchaToken: 'token',
  fingerprintId: 'fingerprint-1234',
};

describe('validation messages', () => {
  it('names a field that is too long and its limit in a plain sentence', async () => {
    expect(
      await messageFor('/api/send-verification-email', { ...form, customerName: 'A'.repeat(101) }),
    ).toBe('Customer name must have at most 100 characters.');
  });

  it('says a missing field is required', async () => {
    expect(await messageFor('/api/login', { email: 'ada@example.com' })).toBe(
      'Password is required.',
    );
  });

  it('says a field of the wrong type must be of the right one', async () => {
    expect(await messageFor('/api/send-verification-email', { ...form, resend: 'yes' })).toBe(
      'Resend must be a boolean.',
    );
  });

  it('keeps the product text a schema sets itself', async () => {
    expect(
      await messageFor('/api/register-email-trial', {
        customerName: 'Ada',
        email: 'ada@example.com',
        password: '12345',
        agreeToTerms: true,
        fingerprintId: 'fingerprint-1234',
        plan: 'trial',
      }),
    ).toBe(Messages.passwordTooShort);
  });

  it('answers a body that is not an object in plain words', async () => {
    expect(await messageFor('/api/login', ['ada@example.com'])).toBe(
      'The request body must be an object.',
    );
  });
});
