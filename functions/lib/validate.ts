import type { z } from 'zod';
import { fail } from './errors';

/**
 * The API's 400 for input that failed its schema: the first issue's sentence (the schema's own
 * text where it has one, otherwise a plain sentence naming the field, never zod's developer
 * wording; lib/openapi.ts sets that up).
 */
export function validationFailed(error: z.ZodError) {
  return fail('VALIDATION_FAILED', { message: error.issues[0]?.message });
}
