/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document, generated from the route declarations
 * the handlers are mounted on (src/contract/api/). The same for everyone, so caches may keep it.
 * The generator and the document's error answers are imported on first request: building them
 * is work a Worker started for any other request should not do (docs/performance.md, "Cold
 * start").
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';

const documents = new Map<string, string>();

/** Built once per origin and isolate: it changes only with a deploy. */
async function documentFor(origin: string): Promise<string> {
  let document = documents.get(origin);
  if (!document) {
    const { apiDocument } = await import('../../src/contract/api/document');
    document = JSON.stringify(apiDocument(origin));
    documents.set(origin, document);
  }
  return document;
}

export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', async (c) =>
  c.body(await documentFor(new URL(c.req.url).origin), 200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'public, max-age=300',
    // Readable by API tools running in a browser on another origin (no credentials involved).
    'Access-Control-Allow-Origin': '*',
  }),
);
