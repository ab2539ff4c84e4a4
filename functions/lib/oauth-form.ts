/**
 * Reading an OAuth endpoint's request: form-encoded parameters (RFC 6749 §3.2, RFC 8628 §3.1),
 * each at most once, checked with a contract schema. Every refusal is OAuth's invalid_request
 * with a plain description, never zod's wording.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import * as Texts from '../../src/contract/plugin-sign-in-texts';
import { plainIssueMessage } from '../../src/contract/schemas/plain-issues';
import { oauthFail } from './oauth-errors';

/** The request's parameters as strings; invalid_request unless form-encoded and unrepeated. */
export async function formParams(c: Context): Promise<Record<string, string>> {
  const mediaType = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/x-www-form-urlencoded') {
    throw oauthFail('invalid_request', Texts.formRequired);
  }
  // Read as bytes: workerd warns when a form body is read with text().
  const params = new URLSearchParams(new TextDecoder().decode(await c.req.arrayBuffer()));
  const values: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in values) throw oauthFail('invalid_request', Texts.repeatedParameter);
    // An empty parameter counts as absent (RFC 6749 §3.1).
    if (value !== '') values[key] = value;
  }
  return values;
}

/** `params` checked with `schema`; invalid_request with the first issue's plain sentence. */
export function parseParams<T extends z.ZodType>(
  schema: T,
  params: Record<string, string>,
): z.infer<T> {
  const result = schema.safeParse(params, { error: plainIssueMessage });
  if (!result.success) {
    throw oauthFail('invalid_request', result.error.issues[0]?.message ?? Texts.formRequired);
  }
  return result.data;
}
