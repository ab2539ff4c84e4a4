import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { ErrorCode } from '../../src/contract/errors';
import { ApiError } from './errors';

/**
 * Validates the JSON body with a contract schema at the route edge (DESIGN habits); handlers read
 * the parsed value with `c.req.valid('json')`. A failure is 400 VALIDATION_FAILED with the first
 * issue's message, which for the contract's fields is the exact SPEC §5 text.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? 'Invalid request body.';
      throw new ApiError(400, ErrorCode.VALIDATION_FAILED, message);
    }
  });
}
