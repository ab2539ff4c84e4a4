/**
 * A SCIM failure: answered in the SCIM error shape (RFC 7644: `schemas` the Error URN, `status`
 * as a string, `scimType`, `detail` in plain words), never as the API's `{ message, code }`.
 */
import type { ScimType } from '../../../../src/contract/scim';

export class ScimError extends Error {
  override readonly name = 'ScimError';

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 501,
    readonly scimType: ScimType | null,
    readonly detail: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}
