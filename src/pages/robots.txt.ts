/** `/robots.txt`, written at build time from the crawl rules of src/lib/seo.ts. */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo';
import { site } from '../site.config';

export const GET: APIRoute = () =>
  new Response(robotsTxt(site.url), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
