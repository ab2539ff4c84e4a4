/**
 * What a /dev path answers where the development tools are off (ENVIRONMENT is not
 * `development`, or a production build, which has no tools at all): the site's 404 page for every
 * method, exactly as a /dev path that never existed. The assets layer would answer a POST with
 * 405, which would tell a prober that something answers POST here.
 */
import type { Context, Input } from 'hono';
import type { AppEnv } from '../env';

export async function devPathNotFound<P extends string, I extends Input>(
  c: Context<AppEnv, P, I>,
): Promise<Response> {
  const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET';
  const response = await c.env.ASSETS.fetch(new Request(c.req.url, { method }));
  return new Response(response.body, { status: 404, headers: response.headers });
}
