/**
 * The runtime of the checks the browser runs on the JSON our API answers before an island trusts
 * it. A shape is a plain predicate with its TypeScript type attached, so the islands carry a few
 * hundred bytes of checks instead of a schema library (budgets: docs/performance.md). The answers
 * are described once, by the zod schemas of the route declarations (api/); `npm run openapi`
 * writes one check per named answer with these combinators (src/generated/answers/).
 * A check is structural: it accepts extra fields and never transforms the value.
 */

/** A predicate over untrusted JSON; `T` is what the value is when it returns true. */
export type Shape<T> = ((value: unknown) => boolean) & { readonly __type?: T };

export type Infer<S> = S extends Shape<infer T> ? T : never;

const is = <T>(test: (value: unknown) => boolean): Shape<T> => test;

export const string = is<string>((value) => typeof value === 'string');
export const boolean = is<boolean>((value) => typeof value === 'boolean');
export const integer = is<number>(Number.isInteger);
export const number = is<number>((value) => typeof value === 'number' && Number.isFinite(value));
/** Anything, read further by the caller. */
export const unknown = is<unknown>(() => true);
/** An absolute http(s) URL the browser may be sent to. */
export const httpUrl = is<string>(
  (value) => typeof value === 'string' && /^https?:\/\/./.test(value),
);

/** One of the given strings (a TypeScript union of them). */
export const oneOf = <const T extends readonly string[]>(values: T): Shape<T[number]> =>
  is((value) => values.includes(value as string));

export const literal = <const T extends string | number | boolean | null>(expected: T): Shape<T> =>
  is((value) => value === expected);

/** Any of the given shapes (a TypeScript union of their types). */
export const either = <const S extends readonly Shape<unknown>[]>(
  ...shapes: S
): Shape<Infer<S[number]>> => is((value) => shapes.some((shape) => shape(value)));

export const nullable = <T>(shape: Shape<T>): Shape<T | null> =>
  is((value) => value === null || shape(value));

/** A field that may be absent (undefined); `object` makes its key optional. */
export const optional = <T>(shape: Shape<T>): Shape<T | undefined> =>
  is((value) => value === undefined || shape(value));

export const array = <T>(shape: Shape<T>): Shape<T[]> =>
  is((value) => Array.isArray(value) && value.every((item) => shape(item)));

/** An object whose every value has the shape (a map keyed by strings). */
export const record = <T>(shape: Shape<T>): Shape<Record<string, T>> =>
  is(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((item) => shape(item)),
  );

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: undefined extends Infer<F[K]> ? K : never;
}[keyof F];
type ObjectOf<F extends Fields> = {
  [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]>;
} & { [K in OptionalKeys<F>]?: Infer<F[K]> };
type Flat<T> = { [K in keyof T]: T[K] } & {};

export const object = <F extends Fields>(fields: F): Shape<Flat<ObjectOf<F>>> =>
  is(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(fields).every((key) => fields[key]!((value as Record<string, unknown>)[key])),
  );

/** True when `value` has the shape (narrows it). */
export function matches<T>(shape: Shape<T>, value: unknown): value is T {
  return shape(value);
}

/** `value` typed by the shape, or an error naming what was expected (tests, scripts). */
export function parse<T>(shape: Shape<T>, value: unknown, what = 'value'): T {
  if (!shape(value)) throw new TypeError(`The ${what} does not have the expected shape.`);
  return value as T;
}
