/**
 * The request schemas of the published document say exactly what the server accepts. For every
 * documented operation that takes input (a body, query or path parameters, a header), requests
 * are generated from the document's own schemas: valid examples by a maintained generator
 * (json-schema-faker, seeded so a failure repeats) and invalid ones by breaking one rule of a valid
 * example at a time (a required field left out, a wrong type, a value over its length, outside its
 * list or pattern). Ajv checks each example against the schema first, so only true examples and
 * true counter-examples are sent, with the credentials the operation documents:
 * - a valid example is never refused as malformed (400 `VALIDATION_FAILED`, `BAD_REQUEST`, or an
 *   OAuth `invalid_request`): the schema is not looser than the server;
 * - an invalid example never gets a 2xx: the schema is not stricter than the server;
 * - and no example is answered with a server error.
 * A 400 that is about the state of things (a wrong code, an expired link) is no such refusal.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { errorCatalogue, type ErrorCode } from '../../src/contract/catalogue';
import { withoutRefs } from '../../src/lib/api-reference';
import { DEVICE_CODE_GRANT } from '../../src/contract/schemas/plugin-sign-in';
import { pluginSignIn } from '../../src/site.config';
import { newVisitor, PASSWORD, signUpForTrial } from './auth.helpers';
import { closeOperator, signInOperator } from './console.helpers';
import { expect, test } from './fixtures';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}
type Schema = Exclude<JsonSchema, boolean>;

/** One request built from an operation's inputs. */
interface Example {
  /** What was changed to make it invalid (empty for a valid one). */
  broken: string;
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}

/** 400 codes about the state of things, never about the request's form. */
const STATE_CODES = new Set([
  'INVALID_CODE',
  'CODE_EXPIRED',
  'NOT_VERIFIED',
  'INVALID_RESET_TOKEN',
  'WRONG_SECOND_FACTOR_CODE',
  'RECOVERY_CODE_USED',
  'PASSKEY_CHALLENGE_EXPIRED',
  'PASSKEY_NOT_ACCEPTED',
  'INVALID_SIGNATURE',
  'INVALID_EVENT',
  // A single sign-on's answer whose state this browser never asked for.
  'SSO_SIGN_IN_EXPIRED',
  // An issuer of the right form whose provider cannot be reached or answers no discovery document.
  'SSO_PROVIDER_REFUSED',
]);
/**
 * The rules no JSON Schema can state, each with why: a valid example refused by one of these is
 * no disagreement between the document and the server.
 */
const BEYOND_A_SCHEMA: { operation: RegExp; message: RegExp; why: string }[] = [
  {
    operation: /^POST \/api\/usage\/report$/,
    message: /is more than \d+ days ago/,
    why: 'a day of usage is accepted for 30 days after it, which depends on today',
  },
  {
    operation: /^(POST|PATCH) \/api\/(billing|invoice-quote|register-)/,
    message: /^This VAT ID is not valid for /,
    why: "an EU VAT ID's format and check digits depend on its country",
  },
  {
    operation: /^PUT \/api\/team\/sso$/,
    message: /^Enter the client secret your identity provider made for the app\./,
    why: 'a first connection needs the client secret, while a change without one keeps the saved one',
  },
];

/** OAuth error codes (RFC 6749, RFC 8628) about the grant, not the request's form. */
const OAUTH_STATE_ERRORS = new Set([
  'invalid_grant',
  'invalid_client',
  'unauthorized_client',
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
]);

const VALID_PER_OPERATION = 4;
/** Bytes of JSON an example may hold (the server's body limit is 64 KB). */
const BODY_LIMIT = 32_000;
const ATTEMPTS = 16;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

const ip = () => `10.${n()}.${n()}.${n()}`;
const n = () => 1 + Math.floor(Math.random() * 254);

/** Valid examples of `schema`, as many as the generator finds in ATTEMPTS seeds (Ajv-checked). */
function validValues(schema: Schema, check: ValidateFunction, salt: number, want: number) {
  const values: unknown[] = [];
  const seen = new Set<string>();
  for (let seed = 1; seed <= ATTEMPTS && values.length < want; seed += 1) {
    let value: unknown;
    try {
      value = generateSync(schema, {
        seed: salt * 1000 + seed,
        optionalsProbability: 0.5,
        // Lists as long as a person sends, not thousands of entries.
        maxItems: 10,
      });
    } catch {
      continue;
    }
    const key = JSON.stringify(value);
    // The server reads no body over 64 KB (413, whatever the schema allows); the local server
    // even drops the connection. Examples stay well under it.
    if (key.length > BODY_LIMIT || !check(value) || seen.has(key)) continue;
    seen.add(key);
    values.push(value);
  }
  return values;
}

/** Values that break one rule of `schema` (a string schema's in a form or URL: strings only). */
function brokenValues(schema: Schema, asText: boolean): [string, unknown][] {
  const out: [string, unknown][] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.enum) out.push(['a value outside its list', 'not-one-of-these']);
  if (types.includes('string')) {
    if (typeof schema.maxLength === 'number')
      out.push([`${schema.maxLength + 1} characters`, 'x'.repeat(schema.maxLength + 1)]);
    if (typeof schema.minLength === 'number' && schema.minLength > 0) out.push(['empty', '']);
    if (schema.pattern) {
      out.push(['a control character', 'a\u0000b']);
      out.push(['spaces only', '   ']);
      out.push(['empty', '']);
    }
    if (!asText) out.push(['a number', 7]);
  }
  if (types.includes('integer') || types.includes('number')) {
    out.push(['a word', 'x']);
    if (types.includes('integer')) out.push(['a fraction', 1.5]);
    if (typeof schema.minimum === 'number') out.push(['under its minimum', schema.minimum - 1]);
    if (typeof schema.maximum === 'number') out.push(['over its maximum', schema.maximum + 1]);
  }
  if (!asText) {
    if (types.includes('boolean')) out.push(['a word', 'yes']);
    if (types.includes('array')) out.push(['an object', {}]);
    if (types.includes('object')) out.push(['a list', []]);
    if (!types.includes('null')) out.push(['null', null]);
  }
  return out;
}

/** Invalid bodies: one field at a time left out or broken, and a body of the wrong type. */
function brokenBodies(schema: Schema, valid: Record<string, unknown>, asText: boolean) {
  const out: [string, unknown][] = [];
  for (const name of schema.required ?? []) {
    const { [name]: _left, ...rest } = valid;
    out.push([`without ${name}`, rest]);
  }
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (typeof field === 'boolean') continue;
    for (const [how, value] of brokenValues(field, asText))
      out.push([`${name}: ${how}`, { ...valid, [name]: value }]);
  }
  if (!asText) {
    out.push(['a list instead of an object', [valid]]);
    out.push(['a string instead of an object', 'x']);
  }
  return out;
}

/** Every example of one operation: valid ones first, then the invalid ones. */
/** Null when the generator found no valid example. */
function examplesOf(operation: Operation, ajv: Ajv2020, salt: number): Example[] | null {
  const parameters = operation.parameters ?? [];
  const media = operation.requestBody?.content ?? {};
  const bodyType = media[JSON_TYPE] ? JSON_TYPE : media[FORM] ? FORM : undefined;
  const bodySchema = bodyType ? media[bodyType]?.schema : undefined;
  if (parameters.length === 0 && !bodySchema) return [];

  // The valid examples: each input generated on its own, combined by index.
  const inputs = parameters.map((parameter, index) => {
    const check = ajv.compile(parameter.schema);
    return {
      parameter,
      check,
      values: validValues(parameter.schema, check, salt * 50 + index, VALID_PER_OPERATION).map(
        String,
      ),
    };
  });
  const bodyCheck = bodySchema ? ajv.compile(bodySchema) : undefined;
  const bodies =
    bodySchema && bodyCheck ? validValues(bodySchema, bodyCheck, salt, VALID_PER_OPERATION) : [];
  const count = Math.max(1, Math.min(VALID_PER_OPERATION, bodySchema ? bodies.length : 99));
  const valid: Example[] = [];
  for (let i = 0; i < count; i += 1) {
    const example: Example = { broken: '', path: {}, query: {}, headers: {} };
    let complete = true;
    for (const { parameter, values } of inputs) {
      const value = values[i % Math.max(1, values.length)];
      // A generated value must also be a string the check accepts, as the server reads it.
      if (value === undefined || !inputs.find((x) => x.parameter === parameter)?.check(value)) {
        if (parameter.required || parameter.in === 'path') complete = false;
        continue;
      }
      if (!parameter.required && i % 2 === 1) continue;
      place(example, parameter, value);
    }
    if (bodySchema) example.body = bodies[i];
    if (complete && (!bodySchema || example.body !== undefined)) valid.push(example);
  }
  const base = valid[0];
  if (!base) return null;

  // The invalid examples, each checked to be invalid.
  const invalid: Example[] = [];
  for (const { parameter, check } of inputs) {
    if (parameter.required && parameter.in !== 'path') {
      const without = clone(base, `without the ${parameter.in} parameter ${parameter.name}`);
      delete without[where(parameter)][parameter.name];
      invalid.push(without);
    }
    for (const [how, value] of brokenValues(parameter.schema, true)) {
      if (check(String(value))) continue;
      // An empty path segment would name another route; what that answers is its own business.
      if (parameter.in === 'path' && String(value) === '') continue;
      const broken = clone(base, `${parameter.in} parameter ${parameter.name}: ${how}`);
      place(broken, parameter, String(value));
      invalid.push(broken);
    }
  }
  if (bodySchema && bodyCheck && isRecord(base.body)) {
    for (const [how, body] of brokenBodies(bodySchema, base.body, bodyType === FORM)) {
      if (bodyCheck(body)) continue;
      if (bodyType === FORM && !isRecord(body)) continue;
      invalid.push({ ...clone(base, `body ${how}`), body });
    }
  }
  return [...valid, ...invalid];
}

function where(parameter: Parameter): 'path' | 'query' | 'headers' {
  return parameter.in === 'header' ? 'headers' : parameter.in;
}
function place(example: Example, parameter: Parameter, value: string) {
  example[where(parameter)][parameter.name] = value;
}
function clone(example: Example, broken: string): Example {
  return {
    broken,
    path: { ...example.path },
    query: { ...example.query },
    headers: { ...example.headers },
    body: example.body,
  };
}
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Who may call: the credentials each security scheme of the document stands for. */
interface Callers {
  /** Bearer headers of the customer's session and of the plugin's access token. */
  sessionBearer: Record<string, string>;
  pluginToken: Record<string, string>;
  /** The operator's browser: its cookies, with our Origin and a same-site fetch. */
  operator: APIRequestContext;
  operatorHeaders: Record<string, string>;
}

async function send(
  request: APIRequestContext,
  callers: Callers,
  method: string,
  template: string,
  operation: Operation,
  example: Example,
): Promise<APIResponse> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(example.path[name] ?? ''),
  );
  const url = `${path}${Object.keys(example.query).length ? `?${new URLSearchParams(example.query)}` : ''}`;
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  let context = request;
  const headers: Record<string, string> = { 'CF-Connecting-IP': ip(), ...example.headers };
  if (scheme === 'sessionBearer') Object.assign(headers, callers.sessionBearer);
  if (scheme === 'pluginToken') Object.assign(headers, callers.pluginToken);
  if (scheme === 'operatorSession') {
    context = callers.operator;
    Object.assign(headers, callers.operatorHeaders);
  }
  const media = operation.requestBody?.content ?? {};
  if (example.body === undefined) return context.fetch(url, { method, headers });
  if (media[FORM] && !media[JSON_TYPE]) {
    const form = Object.fromEntries(
      Object.entries(example.body as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    return context.fetch(url, { method, headers, form });
  }
  return context.fetch(url, { method, headers, data: example.body });
}

/**
 * A page route's refusal (the sign-in page with the error's sentence in its form's error
 * element, routes/login-form.ts): the code is the catalogue's entry whose message it shows.
 */
function pageRefusal(html: string): { code?: string; message?: string } {
  const shown = /id="[a-z-]*-error"[^>]*>([^<]+)</.exec(html)?.[1]?.trim();
  if (!shown) return {};
  const message = shown.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"');
  const code = (Object.keys(errorCatalogue) as ErrorCode[]).find(
    (candidate) => errorCatalogue[candidate].message === message,
  );
  return code === undefined ? { message } : { code, message };
}

/** Whether a 400 answer refuses the request's form (as opposed to the state of things). */
async function refusedAsMalformed(response: APIResponse, key: string): Promise<string | null> {
  if (response.status() !== 400) return null;
  const body: { code?: string; error?: string; message?: string } = response
    .headers()
    ['content-type']?.startsWith('text/html')
    ? pageRefusal(await response.text())
    : ((await response.json().catch(() => ({}))) as { code?: string; error?: string });
  const message = body.message ?? '';
  const beyond = BEYOND_A_SCHEMA.some(
    (rule) => rule.operation.test(key) && rule.message.test(message),
  );
  if (body.code !== undefined)
    return STATE_CODES.has(body.code) || beyond ? null : `${body.code} (${message})`;
  if (body.error !== undefined) return OAUTH_STATE_ERRORS.has(body.error) ? null : body.error;
  return 'a 400 without a code';
}

/** A trial customer's session and a plugin signed in to it through the device flow. */
async function seedCallers(page: Page, request: APIRequestContext, operator: Page) {
  await newVisitor(page);
  const account = await signUpForTrial(page, 'Emil Example');
  const headers = { 'CF-Connecting-IP': ip() };
  const login = await request.post('/api/login', {
    headers,
    data: { email: account.email, password: PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token: session } = (await login.json()) as { token: string };
  const sessionBearer = { Authorization: `Bearer ${session}` };
  const started = await request.post('/api/oauth/device', {
    headers,
    form: { client_id: pluginSignIn.clientId },
  });
  const { device_code, user_code } = (await started.json()) as {
    device_code: string;
    user_code: string;
  };
  const approved = await request.post('/api/device-authorizations/approve', {
    headers: { ...headers, ...sessionBearer },
    data: { userCode: user_code },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const granted = await request.post('/api/oauth/token', {
    headers,
    form: { grant_type: DEVICE_CODE_GRANT, device_code, client_id: pluginSignIn.clientId },
  });
  const { access_token } = (await granted.json()) as { access_token: string };
  const origin = new URL(operator.url()).origin;
  return {
    sessionBearer,
    pluginToken: { Authorization: `Bearer ${access_token}` },
    operator: operator.request,
    operatorHeaders: { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
  } satisfies Callers;
}

test.describe('Generated examples from the published request schemas', () => {
  test('valid examples are never refused as malformed; invalid ones never succeed', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const document = withoutRefs(
      (await (await request.get('/api/openapi.json')).json()) as OpenApiDocument,
    );
    const operator = await signInOperator(browser);
    const callers = await seedCallers(page, request, operator);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);

    const problems: string[] = [];
    const sent = { valid: 0, invalid: 0 };
    let salt = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        salt += 1;
        const key = `${method.toUpperCase()} ${template}`;
        const examples = examplesOf(operation, ajv, salt);
        if (!examples) problems.push(`${key}: no valid example could be generated`);
        // An operation's examples go together: the server answers them side by side.
        await Promise.all(
          (examples ?? []).map(async (example) => {
            const response = await send(request, callers, method, template, operation, example);
            sent[example.broken === '' ? 'valid' : 'invalid'] += 1;
            const status = response.status();
            const shown = `${key} ${JSON.stringify({ ...example, broken: undefined })}`;
            // No request, valid or not, may break the server (503: busy for a moment).
            if (status >= 500 && status !== 503) {
              problems.push(
                `answered ${status}: ${shown} ${(await response.text()).slice(0, 200)}`,
              );
            } else if (example.broken === '') {
              const refusal = await refusedAsMalformed(response, key);
              if (refusal) problems.push(`valid, refused with ${refusal}: ${shown}`);
            } else if (status >= 200 && status < 300) {
              problems.push(`invalid (${example.broken}), answered ${status}: ${shown}`);
            }
          }),
        );
      }
    }
    await closeOperator(operator);
    expect(problems).toEqual([]);
    // Most operations take input; a generator that found nothing would make this test empty.
    console.log(`api-examples: ${sent.valid} valid and ${sent.invalid} invalid examples sent`);
    expect(sent.valid).toBeGreaterThan(250);
    expect(sent.invalid).toBeGreaterThan(500);
  });
});
