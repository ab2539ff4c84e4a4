import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../functions/db/client';
import { users } from '../../functions/db/schema';
import { uniqueEmail } from './account-helpers';
import { callWorker } from './helpers';

const development = { ENVIRONMENT: 'development' };

async function seedAccount() {
  const email = uniqueEmail();
  const id = crypto.randomUUID();
  await createDb(env.DB).insert(users).values({
    id,
    customerName: 'Olive Operator',
    email,
    emailNormalized: email,
    plan: 'Trial',
    createdAt: 1,
    updatedAt: 1,
  });
  return { id, email };
}

function setOperator(
  body: unknown,
  overrides: Partial<Env> = development,
  type = 'application/json',
) {
  return callWorker(
    '/dev/operators',
    { method: 'POST', headers: { 'Content-Type': type }, body: JSON.stringify(body) },
    overrides,
  );
}

async function roleOf(id: string) {
  const [row] = await createDb(env.DB).select().from(users).where(eq(users.id, id));
  return row?.role ?? null;
}

describe('POST /dev/operators', () => {
  it('makes an account an operator and back, found by its e-mail in any case', async () => {
    const { id, email } = await seedAccount();

    const granted = await setOperator({ email: ` ${email.toUpperCase()} `, operator: true });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({ userId: id, email, operator: true });
    expect(await roleOf(id)).toBe('admin');

    const revoked = await setOperator({ email, operator: false });
    expect(await revoked.json()).toEqual({ userId: id, email, operator: false });
    expect(await roleOf(id)).toBeNull();
  });

  it('answers 404 in plain words for an e-mail no account has', async () => {
    const response = await setOperator({ email: 'nobody@example.com', operator: true });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No account has this e-mail in the local database.',
    });
  });

  it.each([
    { email: 'a@example.com' },
    { operator: true },
    { email: 'a@example.com', operator: 'yes' },
    null,
  ])('answers 400 with the usage for %j and changes nothing', async (body) => {
    const { id } = await seedAccount();
    const response = await setOperator(body);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await roleOf(id)).toBeNull();
  });

  it('takes no form a page of another site could send', async () => {
    const { id, email } = await seedAccount();
    const response = await setOperator({ email, operator: true }, development, 'text/plain');

    expect(response.status).toBe(415);
    expect(await roleOf(id)).toBeNull();
  });

  it('is the site 404 in production', async () => {
    const { id, email } = await seedAccount();
    const response = await setOperator({ email, operator: true }, { ENVIRONMENT: 'production' });

    expect(response.status).toBe(404);
    expect(await roleOf(id)).toBeNull();
  });
});
