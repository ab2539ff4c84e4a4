/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document, generated from the route declarations
 * the handlers are mounted on (src/contract/api/). The same for everyone, so caches may keep it.
 */
import { Hono } from 'hono';
import { apiDocument } from '../../src/contract/api/document';
import type { AppEnv } from '../env';

const documents = new Map<string, string>();

/** Built once per origin and isolate: it changes only with a deploy. */
function documentFor(origin: string): string {
  let document = documents.get(origin);
  if (!document) {
    document = JSON.stringify(apiDocument(origin));
    documents.set(origin, document);
  }
  return document;
}

export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', (c) =>
  c.body(documentFor(new URL(c.req.url).origin), 200, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'public, max-age=300',
    // Readable by API tools running in a browser on another origin (no credentials involved).
    'Access-Control-Allow-Origin': '*',
  }),
);
