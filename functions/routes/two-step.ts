/** Two-step sign-in with an authenticator app, recovery codes, and confirming it is you. */
import { Hono } from 'hono';
import type { AccountEnv } from '../middleware/auth';

export const twoStepRoutes = new Hono<AccountEnv>();
