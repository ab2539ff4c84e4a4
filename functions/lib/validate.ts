import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { plainIssueMessage } from '../../src/contract/schemas/plain-issues';
import { fail } from './errors';

/** The API's 400 for input that failed its schema: the first issue's sentence. */
export function validationFailed(error: z.ZodError) {
  return fail('VALIDATION_FAILED', { message: error.issues[0]?.message });
}

/**
 * Validates the JSON body with a contract schema at the route edge; handlers read
 * the parsed value with `c.req.valid('json')`. A failure is 400 VALIDATION_FAILED with the first
 * issue's message: the schema's own text where it has one (the exact product texts), otherwise a
 * plain sentence naming the field, never zod's developer wording.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return validator('json', async (value: ValidationTargets['json']) => {
    const result = await schema.safeParseAsync(value, { error: plainIssueMessage });
    if (!result.success) throw validationFailed(result.error);
    return result.data;
  });
}

/** Validates the query string like `jsonBody` (handlers read `c.req.valid('query')`). */
export function queryParams<T extends z.ZodType>(schema: T) {
  return validator('query', async (value: ValidationTargets['query']) => {
    const result = await schema.safeParseAsync(value, { error: plainIssueMessage });
    if (!result.success) throw validationFailed(result.error);
    return result.data;
  });
}
