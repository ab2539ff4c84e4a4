/**
 * The error codes by name, for the islands: they pick a screen by code
 * (`ErrorCode.DUPLICATE_TRIAL`) without loading the catalogue's statuses and texts. The codes
 * are declared once, in catalogue.ts; this file imports only their type.
 */
// Explicit .ts extensions: the reference client runs the contract under plain Node.
import type { ErrorCode as CatalogueCode } from './catalogue.ts';

/** Every code the API can answer (the catalogue's). */
export type ErrorCode = CatalogueCode;

/**
 * Each code's name as its value (`ErrorCode.NO_SEATS === 'NO_SEATS'`). The type allows only the
 * catalogue's codes, so a wrong name fails to compile; at run time any name reads as itself,
 * which costs a bundle a few bytes instead of the whole list.
 */
export const ErrorCode: { readonly [Code in ErrorCode]: Code } = /* @__PURE__ */ new Proxy(
  {} as { readonly [Code in ErrorCode]: Code },
  { get: (_target, name) => name },
);
