import type { Context } from 'hono';
import type { ClientInfo } from '../services/shared/deps';

/** The client's IP as Cloudflare reports it, or null (local tools, tests). */
export function ipOf(c: Context): string | null {
  return c.req.header('CF-Connecting-IP') ?? null;
}

/** Who is calling, for sessions, activations and contact messages. */
export function clientOf(c: Context): ClientInfo {
  return { userAgent: c.req.header('User-Agent') ?? null, ip: ipOf(c) };
}
