/**
 * The islands' checks of the API's answers, generated from the zod schemas of the route
 * declarations by `npm run openapi` (scripts/answer-checks.mjs → src/generated/answers/<Name>.ts).
 * They must say what the schemas say, structurally: extra fields pass, nothing is transformed.
 */
import { describe, expect, it } from 'vitest';
import { accountLicenseSchema, userViewSchema } from '../../src/contract/api/account-schemas';
import { apiDocument } from '../../src/contract/api/document';
import { paymentCompletionResponseSchema } from '../../src/contract/api/payments-answers';
import { seatSummaryResponseSchema } from '../../src/contract/api/seats-answers';
import { matches, type Shape } from '../../src/contract/shape';
import { isApprovePluginSignInAnswer } from '../../src/generated/answers/ApprovePluginSignInAnswer';
import { isCheckPaymentCompletionAnswer } from '../../src/generated/answers/CheckPaymentCompletionAnswer';
import { isGetAccountLicenseAnswer } from '../../src/generated/answers/GetAccountLicenseAnswer';
import { isGetSeatsAnswer } from '../../src/generated/answers/GetSeatsAnswer';
import { isListPasskeysAnswer } from '../../src/generated/answers/ListPasskeysAnswer';
import { isOpenBillingPortalAnswer } from '../../src/generated/answers/OpenBillingPortalAnswer';
import { isSignInAnswer } from '../../src/generated/answers/SignInAnswer';
import { isUser } from '../../src/generated/answers/User';
import { answerChecksFiles } from '../../scripts/answer-checks.mjs';

const checks = {
  isApprovePluginSignInAnswer,
  isCheckPaymentCompletionAnswer,
  isGetAccountLicenseAnswer,
  isGetSeatsAnswer,
  isListPasskeysAnswer,
  isOpenBillingPortalAnswer,
  isSignInAnswer,
  isUser,
};

/** Every generated module, by file name. */
const modules: Record<string, Record<string, unknown>> = import.meta.glob(
  '../../src/generated/answers/*.ts',
  { eager: true },
);

const user = {
  userId: 'u_1',
  customerName: 'Ada',
  email: 'ada@example.com',
  plan: 'Standard',
  licenseStatus: 'active',
  activationDate: '2026-11-01T00:00:00.000Z',
  expirationDate: '2027-11-01T00:00:00.000Z',
  licenseKey: 'SW-AAAAA-BBBBB-CCCCC-DDDDD',
  isDeleted: false,
  sessionStartedAt: '2026-11-01T00:00:00.000Z',
  authProvider: 'email',
};

const summary = {
  seats: 5,
  renewalSeats: null,
  taken: 3,
  renewsOn: '2027-11-01T00:00:00.000Z',
  unitAmount: 12000,
  currency: 'eur',
  paysByInvoice: false,
};

describe('the generated answer checks', () => {
  it('exist for every named answer of the document, one module and one check each', () => {
    // Request bodies are named components too (`…Request`); only the Worker reads them.
    const named = Object.keys(apiDocument().components?.schemas ?? {}).filter(
      (name) => !name.endsWith('Request'),
    );
    expect(named.length).toBeGreaterThan(50);
    const files = Object.keys(modules).map((path) => path.replace(/^.*\/(\w+)\.ts$/, '$1'));
    expect(files.sort()).toEqual([...named].sort());
    for (const name of named) {
      const exported = modules[`../../src/generated/answers/${name}.ts`] ?? {};
      expect(Object.keys(exported)).toEqual([`is${name}`]);
      expect(typeof exported[`is${name}`]).toBe('function');
    }
  });

  it('read a nullable object and nullable fields', () => {
    expect(matches(checks.isGetSeatsAnswer, { summary })).toBe(true);
    expect(matches(checks.isGetSeatsAnswer, { summary: null })).toBe(true);
    expect(matches(checks.isGetSeatsAnswer, { summary: { ...summary, renewalSeats: 6 } })).toBe(
      true,
    );
    expect(matches(checks.isGetSeatsAnswer, {})).toBe(false);
    expect(matches(checks.isGetSeatsAnswer, { summary: { ...summary, renewalSeats: '6' } })).toBe(
      false,
    );
    expect(matches(checks.isGetSeatsAnswer, { summary: { ...summary, seats: 5.5 } })).toBe(false);
  });

  it('read an enum, refusing any other value', () => {
    expect(
      matches(checks.isApprovePluginSignInAnswer, { status: 'approved', message: 'OK.' }),
    ).toBe(true);
    expect(matches(checks.isApprovePluginSignInAnswer, { status: 'maybe', message: 'OK.' })).toBe(
      false,
    );
    const renewal = (kind: string) => ({
      devices: { active: 1, limit: 3 },
      renewal: { kind, on: '2027-11-01' },
    });
    expect(matches(checks.isGetAccountLicenseAnswer, renewal('ends'))).toBe(true);
    expect(matches(checks.isGetAccountLicenseAnswer, renewal('stops'))).toBe(false);
  });

  it('read an array of objects, item by item', () => {
    const passkey = { id: 'p', name: 'Phone', createdAt: 1, lastUsedAt: null, backedUp: true };
    expect(matches(checks.isListPasskeysAnswer, { passkeys: [], max: 10 })).toBe(true);
    expect(matches(checks.isListPasskeysAnswer, { passkeys: [passkey, passkey], max: 10 })).toBe(
      true,
    );
    expect(
      matches(checks.isListPasskeysAnswer, {
        passkeys: [passkey, { ...passkey, backedUp: 'yes' }],
        max: 10,
      }),
    ).toBe(false);
    expect(matches(checks.isListPasskeysAnswer, { passkeys: passkey, max: 10 })).toBe(false);
  });

  it('read optional fields: absent or of their type, never of another', () => {
    const check = checks.isCheckPaymentCompletionAnswer;
    expect(matches(check, { accountCreated: false })).toBe(true);
    expect(
      matches(check, { accountCreated: false, refund: { reason: 'account_exists', done: true } }),
    ).toBe(true);
    expect(
      matches(check, { accountCreated: false, refund: { reason: 'no_reason', done: true } }),
    ).toBe(false);
    expect(matches(check, { accountCreated: true, user, tokenExpiration: 1 })).toBe(true);
    expect(matches(check, { accountCreated: true, user: { ...user, email: 1 } })).toBe(false);
    expect(matches(check, { accountCreated: true, upgraded: 'yes' })).toBe(false);
  });

  it('read a union of answers (a session, or the code step)', () => {
    const session = { token: 't', user, tokenExpiration: 1 };
    expect(matches(checks.isSignInAnswer, session)).toBe(true);
    expect(matches(checks.isSignInAnswer, { secondFactorRequired: true, expiresAt: 1 })).toBe(true);
    expect(matches(checks.isSignInAnswer, { secondFactorRequired: false, expiresAt: 1 })).toBe(
      false,
    );
  });

  it('send the browser only to http(s) URLs', () => {
    expect(matches(checks.isOpenBillingPortalAnswer, { url: 'https://billing.example/p' })).toBe(
      true,
    );
    expect(matches(checks.isOpenBillingPortalAnswer, { url: 'javascript:alert(1)' })).toBe(false);
  });

  it('accept extra fields and return the very value, as the zod schemas parse it', () => {
    const answers: [{ safeParse(value: unknown): { success: boolean } }, Shape<unknown>, object][] =
      [
        [seatSummaryResponseSchema, checks.isGetSeatsAnswer, { summary, extra: 1 }],
        [userViewSchema, checks.isUser, { ...user, holdsSeat: true }],
        [
          paymentCompletionResponseSchema,
          checks.isCheckPaymentCompletionAnswer,
          { accountCreated: false },
        ],
        [
          accountLicenseSchema,
          checks.isGetAccountLicenseAnswer,
          { devices: { active: 0, limit: 2 }, renewal: null },
        ],
      ];
    for (const [schema, check, value] of answers) {
      const before = structuredClone(value);
      expect(schema.safeParse(value).success).toBe(true);
      expect(matches(check, value)).toBe(true);
      expect(value).toEqual(before);
    }
    const wrong = { ...user, plan: 'Gold' };
    expect(userViewSchema.safeParse(wrong).success).toBe(false);
    expect(matches(checks.isUser, wrong)).toBe(false);
  });
});

describe('the generator of the answer checks', () => {
  /** A document whose one operation answers each of `schemas` (each one an answer's component). */
  const document = (schemas: Record<string, unknown>) => ({
    paths: {
      '/x': {
        get: {
          responses: Object.fromEntries(
            Object.keys(schemas).map((name, index) => [
              String(200 + index),
              {
                content: {
                  'application/json': { schema: { $ref: `#/components/schemas/${name}` } },
                },
              },
            ]),
          ),
        },
      },
    },
    components: { schemas },
  });

  it('writes no check for a request body, which only the Worker reads', () => {
    const files = answerChecksFiles({
      paths: {
        '/x': {
          post: {
            requestBody: {
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/XRequest' } },
              },
            },
            responses: {
              200: {
                content: {
                  'application/json': { schema: { $ref: '#/components/schemas/XAnswer' } },
                },
              },
            },
          },
        },
      },
      components: { schemas: { XRequest: { type: 'object' }, XAnswer: { type: 'object' } } },
    });
    expect([...files.keys()]).toEqual(['answers/XAnswer.ts']);
  });

  it('writes one typed, tree-shakable module per component, importing those it refers to', () => {
    const files = answerChecksFiles(
      document({
        Outer: {
          type: 'object',
          properties: { inner: { $ref: '#/components/schemas/Inner' }, note: { type: 'string' } },
          required: ['inner'],
        },
        Inner: { type: ['string', 'null'], enum: ['a', 'b', null] },
      }),
    );
    expect([...files.keys()]).toEqual(['answers/Outer.ts', 'answers/Inner.ts']);
    const outer = files.get('answers/Outer.ts') ?? '';
    expect(outer).toContain("import { isInner } from './Inner';");
    expect(outer).toContain("export type Outer = components['schemas']['Outer'];");
    expect(outer).toContain('"inner": isInner, "note": /* @__PURE__ */ optional(string)');
    expect(files.get('answers/Inner.ts')).toContain(
      'export const isInner = /* @__PURE__ */ nullable(/* @__PURE__ */ oneOf(["a","b"])) as Shape<Inner>;',
    );
  });

  it('refuses, by name, a schema it cannot check', () => {
    expect(() => answerChecksFiles(document({ Mixed: { allOf: [{ type: 'object' }] } }))).toThrow(
      'answer-checks: Mixed uses allOf, which the generator does not handle.',
    );
  });
});
