/**
 * The pieces every route declaration of the API is built from (routes in this folder, mounted by
 * the Worker with `@hono/zod-openapi` and published as the OpenAPI document by document.ts): a
 * JSON body the Worker validates, a form body it reads itself, a JSON answer, and the error
 * answers by code, each under the status the error catalogue gives it.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errorCatalogue, type ErrorCode } from '../catalogue';
import { lazySchema } from '../schemas/lazy';
import { deviceViewSchema } from '../schemas/licensing';

/**
 * `createRoute` of @hono/zod-openapi, for declarations whose documentation is built only when the
 * OpenAPI document is (docs/performance.md, "Cold start"). Write `get responses() { return {…}; }`,
 * and `get request()` for a form body the handler reads itself: each getter runs the first time
 * it is read and its answer is kept. They are left out of the route's enumerable properties, so
 * mounting the route (`.openapi(route, handler)`, which copies them) neither builds nor needs
 * them: the validators come from the plain `request` of a JSON body or path parameters, and a
 * form body documented as JSON Schema never had one. document.ts reads both getters.
 */
export const declareRoute: typeof createRoute = (config) => {
  const plain: Record<string, unknown> = {};
  const lazy: [string, () => unknown][] = [];
  for (const [key, property] of Object.entries(Object.getOwnPropertyDescriptors(config))) {
    if (property.get) lazy.push([key, property.get.bind(config)]);
    else plain[key] = property.value;
  }
  const route = createRoute(plain as typeof config);
  for (const [key, get] of lazy) {
    let value: unknown;
    let built = false;
    Object.defineProperty(route, key, {
      enumerable: false,
      get: () => {
        if (!built) [value, built] = [get(), true];
        return value;
      },
    });
  }
  return route;
};

/** A JSON request body, validated against `schema` before the handler runs. */
/** The `security` of a call anyone may make: no credentials (an empty list, as OpenAPI says it). */
export const publicCall: { [scheme: string]: string[] }[] = [];

export function jsonRequest<T extends z.ZodType>(schema: T) {
  return {
    body: { required: true, content: { 'application/json': { schema } } },
  } as const;
}

/**
 * A form-encoded request body (the OAuth endpoints). Documented as JSON Schema, not handed to the
 * validator: those endpoints read the form themselves, to answer OAuth's own errors.
 */
export function formRequest(schema: z.ZodType) {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  delete jsonSchema.$schema;
  return {
    body: {
      required: true,
      // JSON Schema 2020-12 is OpenAPI 3.1's own schema dialect; only the types differ.
      content: { 'application/x-www-form-urlencoded': { schema: jsonSchema as never } },
    },
  } as const;
}

/** A JSON answer with its schema. */
export function jsonAnswer<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** An answer without a body. */
export function emptyAnswer(description: string) {
  return { description } as const;
}

/** Every error answer: `{ message, code }`, a few with more fields (TOO_MANY_DEVICES: devices). */
export const errorBodySchema = lazySchema(() =>
  z.looseObject({
    /** A sentence to show the person. */
    message: z.string(),
    code: z.string(),
  }),
);

/** The fields some error answers carry besides `message` and `code`, typed for clients. */
const errorExtras: Partial<Record<ErrorCode, () => Record<string, z.ZodType>>> = {
  TOO_MANY_DEVICES: () => ({
    devices: z.array(deviceViewSchema).optional().meta({
      description:
        'With `TOO_MANY_DEVICES`: the devices active on the license, to show the user; send again with `replaceDeviceId` set to one of their `deviceId`s to free it.',
    }),
  }),
};

/** `codes` (each once, in their order) under the status each always has (catalogue.ts). */
export function codesByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = errorCatalogue[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

/**
 * The error answers of a route, grouped by the status each code always has (catalogue.ts), each
 * status listing its codes. Every route also lists the answers any request may get (`common`).
 */
export function errorAnswers(...codes: readonly ErrorCode[]) {
  return Object.fromEntries(
    [...codesByStatus([...codes, ...common])].map(([status, list]) => [
      status,
      {
        description: list
          .map((code) => `\`${code}\`: ${errorCatalogue[code].message}`)
          .join('\n\n'),
        ...(status in answerHeaders ? { headers: answerHeaders[status] } : {}),
        content: {
          'application/json': {
            schema: errorBodySchema.unwrap().extend({
              code: z.enum(list as [ErrorCode, ...ErrorCode[]]),
              ...Object.assign({}, ...list.map((code) => errorExtras[code]?.() ?? {})),
            }),
          },
        },
      },
    ]),
  );
}

/** What any request may be answered besides its route's own errors. */
const common: readonly ErrorCode[] = ['METHOD_NOT_ALLOWED', 'SERVICE_BUSY', 'INTERNAL'];

/** The Retry-After header of an answer, as the document declares it. */
export function retryAfter(description = 'Seconds to wait before trying again.') {
  return { description, schema: { type: 'integer' as const, minimum: 0 } };
}

/** The headers a client must read on an error answer, by status. */
const answerHeaders: Record<
  number,
  Record<string, { description: string; schema: { type: 'string' | 'integer' } }>
> = {
  405: {
    Allow: {
      description: 'The methods this path answers, e.g. `POST` or `GET, HEAD`.',
      schema: { type: 'string' as const },
    },
  },
  429: { 'Retry-After': retryAfter() },
  503: { 'Retry-After': retryAfter('Seconds after which trying again is likely to work.') },
};

/** The errors of a route that reads a JSON body. */
export const bodyErrors: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

/**
 * A lazy query or path parameters schema (schemas/lazy.ts) for `request.query` or `params`, typed
 * as the object it builds so handlers read its fields. It validates as it is, built on the first
 * request; document.ts builds it before listing its fields.
 */
export function lazyParameters<T extends z.ZodObject>(schema: z.ZodLazy<T>): T {
  return schema as unknown as T;
}
