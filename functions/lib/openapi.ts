/**
 * Routers whose routes are declared in src/contract/api/ (`createRoute`): `@hono/zod-openapi`
 * validates each request against its declaration before the handler runs, and a failure is the
 * API's 400 VALIDATION_FAILED with the first issue's plain sentence (lib/validate.ts).
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { z } from 'zod';
import { plainIssueMessage } from '../../src/contract/schemas/plain-issues';
import { validationFailed } from './validate';

// The validator parses without options, so the plain sentences are zod's messages here; a text
// set on a schema still wins over them.
z.config({ customError: plainIssueMessage });

/** A router for declared routes: mount handlers with `.openapi(route, handler)`. */
export function declaredRoutes<E extends Env>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw validationFailed(result.error);
    },
  });
}
