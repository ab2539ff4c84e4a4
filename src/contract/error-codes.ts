/**
 * Every code the API can answer, by name: the islands pick a screen by code
 * (`ErrorCode.DUPLICATE_TRIAL`) without loading the catalogue's statuses and texts. The catalogue
 * (errors.ts) must give each of these a status and a message, and can hold no other code.
 */
import type * as Names from './error-code-names.ts';

export * as ErrorCode from './error-code-names.ts';

export type ErrorCode = keyof typeof Names;
