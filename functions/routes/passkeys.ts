/** Passkeys: adding, naming and removing them in Account Settings, and signing in with one. */
import { Hono } from 'hono';
import type { AccountEnv } from '../middleware/auth';

export const passkeyRoutes = new Hono<AccountEnv>();
