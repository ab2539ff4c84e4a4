import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiDocument, apiRouteGroups, documentedPath } from '../../src/contract/api/document';
import { withoutRefs } from '../../src/lib/api-reference';
import { errorCatalogue } from '../../src/contract/catalogue';

type Document = ReturnType<typeof apiDocument>;
/** What this test reads of a documented answer. */
interface Answer {
  content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
}

describe('the OpenAPI document', () => {
  const published: Document = apiDocument('https://example.test');
  // Bodies and answers are named components; the checks below read each as one tree.
  const document: Document = withoutRefs(published);

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(published) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('lists every declared route under the path it is mounted at, with the server asked for', () => {
    const declared = apiRouteGroups.flatMap(({ prefix, routes }) =>
      routes.map((route) => `${route.method.toUpperCase()} ${documentedPath(prefix, route)}`),
    );
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(declared.sort());
    expect(documented).toContain('POST /api/licenses/activate');
    expect(documented).toContain('POST /api/oauth/token');
    expect(document.servers).toEqual([{ url: 'https://example.test' }]);
  });

  /** Every operation of the document, with its method and path. */
  const operations = () =>
    Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {}).map(([method, operation]) => ({
        where: `${method.toUpperCase()} ${path}`,
        operation: operation as { operationId?: string; tags?: string[]; security?: unknown[] },
      })),
    );
  /**
   * The calls of the API. The site's own form posts and console pages (tags "Site forms" and
   * "Console pages") answer pages: a wrong method there is the assets' business, not a 405.
   */
  const apiOperations = () =>
    operations().filter(({ where }) => / \/(api|\.well-known)\//.test(where));

  it('names every operation with a unique camelCase operationId, for generated clients', () => {
    const ids = operations().map(({ where, operation }) => [where, operation.operationId]);
    expect(ids.filter(([, id]) => !/^[a-z][A-Za-z]+$/.test(id ?? ''))).toEqual([]);
    const unique = new Set(ids.map(([, id]) => id));
    expect(unique.size).toBe(ids.length);
    expect(Object.fromEntries(ids)).toMatchObject({
      'POST /api/licenses/activate': 'activateLicense',
      'POST /api/oauth/token': 'exchangeToken',
    });
  });

  it('puts every operation under tags the document defines and describes', () => {
    const defined = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const used = new Set(operations().flatMap(({ operation }) => operation.tags ?? []));
    expect(operations().filter(({ operation }) => (operation.tags ?? []).length === 0)).toEqual([]);
    expect([...used].filter((tag) => !defined.get(tag))).toEqual([]);
    expect([...defined.keys()].filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('says how each operation is authorized: a scheme, or none (an empty list) for a public call', () => {
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    const missing = operations().filter(({ operation }) => !Array.isArray(operation.security));
    expect(missing.map(({ where }) => where)).toEqual([]);
    const named = operations().flatMap(({ operation }) =>
      (operation.security ?? []).flatMap((requirement) => Object.keys(requirement as object)),
    );
    expect(named.filter((name) => !schemes.includes(name))).toEqual([]);
    const byWhere = Object.fromEntries(operations().map((o) => [o.where, o.operation.security]));
    expect(byWhere['POST /api/licenses/validate']).toEqual([]);
    expect(byWhere['GET /api/plugin/licenses']).toEqual([{ pluginToken: [] }]);
  });

  it('says of request fields exactly what the server accepts: no looser, no stricter', () => {
    type Field = { pattern?: string; format?: string };
    const body = (path: string) =>
      (
        document.paths?.[path]?.post as {
          requestBody: {
            content: Record<string, { schema: { properties: Record<string, Field> } }>;
          };
        }
      ).requestBody.content['application/json']!.schema.properties;
    const accepts = (field: Field | undefined, value: string) =>
      new RegExp(field?.pattern ?? '', 'u').test(value);
    const key = body('/api/licenses/validate')['licenseKey'];
    const activate = body('/api/licenses/activate');
    const update = body('/api/releases/check');

    // The server forgives case and spaces around a license key; the document must too.
    expect(accepts(key, ' sw-abcde-fghjk-mnpqr-stuvw ')).toBe(true); // cspell:disable-line
    expect(accepts(key, 'SW-ABCDE-FGHJK-MNPQR-STUV')).toBe(false);
    // A device name with a control character is refused by the server, so by the document.
    expect(accepts(activate['deviceName'], 'Drafting PC')).toBe(true);
    expect(accepts(activate['deviceName'], 'Drafting\u0007PC')).toBe(false);
    expect(accepts(activate['deviceName'], 'Drafting\u202EPC')).toBe(false);
    // An empty version is no version.
    expect(accepts(update['currentVersion'], '')).toBe(false);
    expect(accepts(update['currentVersion'], ' 1.2.0-beta.1 ')).toBe(true);
    const usage = document.paths?.['/api/usage/report']?.post as unknown as {
      requestBody: { content: Record<string, { schema: unknown }> };
    };
    const day = JSON.stringify(usage.requestBody.content['application/json']!.schema);
    expect(day).toContain('"format":"date"');
  });

  it('declares the headers a client must read: Allow on 405, Retry-After on 429 and 503', () => {
    const missing: string[] = [];
    for (const { where, operation } of apiOperations()) {
      const responses =
        (operation as { responses?: Record<string, { headers?: Record<string, unknown> }> })
          .responses ?? {};
      const expected: Record<string, string> = {
        405: 'Allow',
        429: 'Retry-After',
        503: 'Retry-After',
      };
      for (const [status, header] of Object.entries(expected)) {
        const answer = responses[status];
        if (answer && !answer.headers?.[header]) missing.push(`${where} ${status} ${header}`);
      }
      if (!responses['405']) missing.push(`${where} has no 405`);
    }
    expect(missing).toEqual([]);
  });

  it('types the devices of a TOO_MANY_DEVICES answer, so a client can list them without a cast', () => {
    type Schema = { properties?: Record<string, Schema>; items?: Schema; type?: string };
    for (const path of ['/api/licenses/activate', '/api/plugin/switch']) {
      const answer = (
        document.paths?.[path]?.post as {
          responses: Record<string, { content: Record<string, { schema: Schema }> }>;
        }
      ).responses['403']!.content['application/json']!.schema;
      const devices = answer.properties?.['devices'];
      expect(devices?.type, path).toBe('array');
      expect(Object.keys(devices?.items?.properties ?? {}), path).toEqual(
        expect.arrayContaining(['id', 'deviceId', 'deviceName', 'lastSeenAt']),
      );
    }
  });

  it('lists 400 VALIDATION_FAILED on every call whose parameters or body can fail validation, and 429 codes on the rate-limited plugin calls', () => {
    type Answer = {
      content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
    };
    const codesAt = (operation: object, status: string) =>
      (operation as { responses?: Record<string, Answer> }).responses?.[status]?.content?.[
        'application/json'
      ]?.schema?.properties?.code?.enum ?? [];
    const missing = apiOperations()
      .filter(({ where }) => !where.includes('/api/oauth/') && !where.includes('/.well-known/'))
      // The webhook reads its signed body itself: a bad one is INVALID_SIGNATURE or INVALID_EVENT.
      .filter(({ where }) => where !== 'POST /api/stripe/webhook')
      // SCIM reads its bodies and queries itself: a bad one is SCIM's own 400 with a scimType.
      .filter(({ where }) => !where.includes(' /scim/v2/'))
      .filter(({ operation }) => {
        const reads = operation as {
          parameters?: { schema?: object }[];
          requestBody?: unknown;
        };
        // A parameter that may be any string cannot fail; one with a limit can.
        const limited = (reads.parameters ?? []).some((parameter) =>
          Object.keys(parameter.schema ?? {}).some((key) => key !== 'type'),
        );
        return limited || reads.requestBody !== undefined;
      })
      .filter(({ operation }) => !codesAt(operation, '400').includes('VALIDATION_FAILED'))
      .map(({ where }) => where);
    expect(missing).toEqual([]);
    const plugin = operations().filter(({ where }) => where.includes('/api/plugin/'));
    expect(plugin.length).toBe(3);
    for (const { where, operation } of plugin) {
      expect(codesAt(operation, '429'), where).toContain('TOO_MANY_ATTEMPTS');
    }
  });

  it('publishes the billing, signup, team, invitation, console and webhook calls, each with who may make it', () => {
    const byWhere = Object.fromEntries(operations().map((o) => [o.where, o.operation]));
    const expected: Record<string, [string, unknown[]]> = {
      'GET /api/billing': ['getBillingOverview', [{ sessionBearer: [] }]],
      'POST /api/billing/seats': ['addSeats', [{ sessionBearer: [] }]],
      'POST /api/register-email-standard': ['startEmailStandardSignup', []],
      'POST /api/check-payment-completion': ['checkPaymentCompletion', []],
      'POST /api/stripe/webhook': ['receiveStripeEvent', []],
      'GET /api/team/members': ['listTeamPeople', [{ sessionBearer: [] }]],
      'GET /api/invitations/{token}': ['previewInvitation', []],
      'POST /api/invitations/{token}/accept': ['acceptInvitation', [{ sessionBearer: [] }]],
      'GET /api/admin/customers/{id}': ['getCustomer', [{ operatorSession: [] }]],
      'POST /api/admin/money/mails/{id}/retry': ['retryDeadMail', [{ operatorSession: [] }]],
      'PATCH /api/admin/organizations/{id}': ['updateOrganization', [{ operatorSession: [] }]],
    };
    for (const [where, [operationId, security]] of Object.entries(expected)) {
      expect(byWhere[where]?.operationId, where).toBe(operationId);
      expect(byWhere[where]?.security, where).toEqual(security);
    }
    expect(document.components?.securitySchemes?.['operatorSession']).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    // A change in the console also wants a fresh proof of the strongest factor; a read does not.
    const codesAt = (where: string, status: string) =>
      (byWhere[where] as { responses?: Record<string, Answer> } | undefined)?.responses?.[status]
        ?.content?.['application/json']?.schema?.properties?.code?.enum ?? [];
    expect(codesAt('POST /api/admin/customers/{id}/actions', '403')).toEqual(
      expect.arrayContaining(['FORBIDDEN', 'CSRF_REJECTED', 'FRESH_VERIFICATION_REQUIRED']),
    );
    expect(codesAt('GET /api/admin/customers/{id}', '403')).not.toContain(
      'FRESH_VERIFICATION_REQUIRED',
    );
    expect(codesAt('GET /api/admin/customers/{id}', '429')).toContain('TOO_MANY_ATTEMPTS');
  });

  it('says what the billing, team and webhook calls take and give beyond JSON', () => {
    type Operation = {
      parameters?: { name: string; in: string; schema?: { pattern?: string } }[];
      requestBody?: { content: Record<string, { schema?: { properties?: object } }> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    };
    const operation = (path: string, method: string) =>
      (document.paths?.[path] as Record<string, Operation> | undefined)?.[method];
    const pdf = operation('/api/billing/invoices/{id}/pdf', 'get');
    expect(Object.keys(pdf?.responses['200']?.content ?? {})).toEqual(['application/pdf']);
    const csv = operation('/api/team/activity.csv', 'get');
    expect(Object.keys(csv?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    // The team table's query: every parameter listed, the page a number of up to five digits.
    const people = operation('/api/team/members', 'get')?.parameters ?? [];
    expect(people.map((parameter) => parameter.name).sort()).toEqual(
      ['dir', 'page', 'q', 'sort', 'status'].sort(),
    );
    const page = people.find((parameter) => parameter.name === 'page');
    expect(new RegExp(page?.schema?.pattern ?? '').test('12')).toBe(true);
    expect(new RegExp(page?.schema?.pattern ?? '').test('123456')).toBe(false);
    // The webhook's signed body and its signature header are documented, not validated.
    const webhook = operation('/api/stripe/webhook', 'post');
    expect(webhook?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      'header Stripe-Signature',
    ]);
    expect(
      Object.keys(webhook?.requestBody?.content['application/json']?.schema?.properties ?? {}),
    ).toEqual(expect.arrayContaining(['id', 'type', 'data']));
  });

  it('publishes the account calls: signing in and up, the account, passkeys, two-step sign-in, the site', () => {
    const byWhere = Object.fromEntries(operations().map((o) => [o.where, o.operation]));
    const expected: Record<string, [operationId: string, tag: string, session: boolean]> = {
      'POST /api/login': ['signIn', 'Sign-in', false],
      'POST /api/login-google': ['signInWithGoogle', 'Sign-in', false],
      'GET /api/me': ['getSignedInUser', 'Sign-in', true],
      'POST /api/forgot-password': ['requestPasswordReset', 'Sign-in', false],
      'POST /api/reset-password': ['resetPassword', 'Sign-in', false],
      'POST /api/send-verification-email': ['sendVerificationCode', 'Signup', false],
      'POST /api/verify-email-code': ['verifySignupCode', 'Signup', false],
      'POST /api/register-email-trial': ['registerEmailTrial', 'Signup', false],
      'POST /api/register-google-trial': ['registerGoogleTrial', 'Signup', false],
      'GET /api/account/license': ['getAccountLicense', 'Account', true],
      'GET /api/download': ['downloadInstaller', 'Account', true],
      'POST /api/change-password': ['changePassword', 'Account', true],
      'POST /api/set-password': ['setFirstPassword', 'Account', true],
      'GET /api/account/usage-sharing': ['getUsageSharing', 'Account', true],
      'PATCH /api/account/usage-sharing': ['setUsageSharing', 'Account', true],
      'DELETE /api/delete': ['deleteAccount', 'Account', true],
      'GET /api/passkeys': ['listPasskeys', 'Passkeys', true],
      'POST /api/passkeys/register/options': ['startAddingPasskey', 'Passkeys', true],
      'POST /api/passkeys/register/verify': ['addPasskey', 'Passkeys', true],
      'PATCH /api/passkeys/{id}': ['renamePasskey', 'Passkeys', true],
      'DELETE /api/passkeys/{id}': ['removePasskey', 'Passkeys', true],
      'POST /api/passkeys/sign-in/options': ['startPasskeySignIn', 'Passkeys', false],
      'POST /api/passkeys/sign-in/verify': ['signInWithPasskey', 'Passkeys', false],
      'POST /api/passkeys/confirm/options': ['startPasskeyConfirmation', 'Passkeys', true],
      'POST /api/passkeys/confirm/verify': ['confirmWithPasskey', 'Passkeys', true],
      'GET /api/two-step': ['getTwoStepStatus', 'Two-step sign-in', true],
      'POST /api/two-step/setup': ['startTwoStepSetup', 'Two-step sign-in', true],
      'POST /api/two-step/confirm': ['confirmTwoStep', 'Two-step sign-in', true],
      'POST /api/two-step/recovery-codes': ['replaceRecoveryCodes', 'Two-step sign-in', true],
      'POST /api/two-step/off': ['turnOffTwoStep', 'Two-step sign-in', true],
      'GET /api/verify-identity': ['getIdentityProofMethods', 'Two-step sign-in', true],
      'POST /api/verify-identity': ['verifyIdentity', 'Two-step sign-in', true],
      'GET /api/health': ['checkHealth', 'Site', false],
      'GET /api/config': ['getPublicConfig', 'Site', false],
      'POST /api/contact': ['sendContactMessage', 'Site', false],
    };
    const wrong = Object.entries(expected).filter(([where, [id, tag, session]]) => {
      const operation = byWhere[where] as
        | { operationId?: string; tags?: string[]; security?: unknown[]; summary?: string }
        | undefined;
      return (
        operation?.operationId !== id ||
        operation.tags?.join() !== tag ||
        !operation.summary ||
        JSON.stringify(operation.security) !== (session ? '[{"sessionBearer":[]}]' : '[]')
      );
    });
    expect(wrong.map(([where]) => where)).toEqual([]);
    // Signing out works with a session or without one.
    expect((byWhere['POST /api/logout'] as { security?: unknown }).security).toEqual([
      { sessionBearer: [] },
      {},
    ]);
    // A browser without a session is sent to sign in before it downloads.
    const download = byWhere['GET /api/download'] as { responses: Record<string, unknown> };
    expect(Object.keys(download.responses)).toEqual(expect.arrayContaining(['200', '302', '401']));
  });

  it("says of the account calls' fields what the server accepts: trimmed e-mails, lengths, one plan per endpoint", () => {
    type Field = { pattern?: string; minLength?: number; maxLength?: number; enum?: unknown[] };
    const body = (path: string, method = 'post') =>
      (
        (document.paths?.[path] as Record<string, unknown>)[method] as {
          requestBody: {
            content: Record<string, { schema: { properties: Record<string, Field> } }>;
          };
        }
      ).requestBody.content['application/json']!.schema.properties;
    const accepts = (field: Field | undefined, value: string) =>
      new RegExp(field?.pattern ?? '', 'u').test(value);

    const login = body('/api/login');
    // The server trims and lower-cases an address before checking it.
    expect(accepts(login['email'], ' Ada@Example.COM ')).toBe(true);
    expect(accepts(login['email'], 'ada@example')).toBe(false);
    expect(accepts(login['email'], `${'a'.repeat(245)}@example.com`)).toBe(false);
    expect(login['password']).toMatchObject({ minLength: 1, maxLength: 128 });
    expect(body('/api/reset-password')['password']).toMatchObject({ minLength: 6, maxLength: 128 });

    const code = body('/api/verify-email-code')['code'];
    expect(accepts(code, '123456')).toBe(true);
    expect(accepts(code, '12345')).toBe(false);

    const trial = body('/api/register-email-trial');
    expect(trial['plan']?.enum).toEqual(['trial']);
    // A name is trimmed, then one plain line of at most 100 characters.
    expect(accepts(trial['customerName'], '  Ada Lovelace ')).toBe(true);
    expect(accepts(trial['customerName'], '   ')).toBe(false);
    expect(accepts(trial['customerName'], 'Ada\nLovelace')).toBe(false);
    expect(accepts(trial['customerName'], ` ${'a'.repeat(100)} `)).toBe(true);
    expect(accepts(trial['customerName'], 'a'.repeat(101))).toBe(false);
    expect(body('/api/register-google-trial')['plan']?.enum).toEqual(['trial']);

    const fingerprint = trial['fingerprintId'];
    expect(accepts(fingerprint, ' abcdefgh ')).toBe(true);
    expect(accepts(fingerprint, ' abcdefg ')).toBe(false);

    expect(accepts(body('/api/passkeys/{id}', 'patch')['name'], 'Work laptop')).toBe(true);
    expect(accepts(body('/api/passkeys/{id}', 'patch')['name'], 'Work\u202Elaptop')).toBe(false);
  });

  it('documents each error code under the status the catalogue gives it', () => {
    const mismatches: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (operation as { responses?: Record<string, Answer> }).responses ?? {};
        for (const [status, answer] of Object.entries(responses)) {
          const codes = answer.content?.['application/json']?.schema?.properties?.code?.enum ?? [];
          for (const code of codes) {
            const entry = errorCatalogue[code as keyof typeof errorCatalogue];
            if (String(entry?.status) !== status)
              mismatches.push(`${method} ${path} ${status} ${code}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
