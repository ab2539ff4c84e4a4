/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document, generated from the route declarations
 * the handlers are mounted on (src/contract/api/), this call's own among them. The same for
 * everyone, so caches may keep it. The generator and the document's error answers are imported
 * on first request: building them is work a Worker started for any other request should not do
 * (docs/performance.md, "Cold start").
 */
import { documentRoute, documentSchema } from '../../src/contract/api/site-routes';
import type { AppEnv } from '../env';
import { declaredRoutes } from '../lib/openapi';

const documents = new Map<string, ReturnType<typeof documentSchema.parse>>();

/** Built once per origin and isolate: it changes only with a deploy. */
async function documentFor(origin: string) {
  let document = documents.get(origin);
  if (!document) {
    const { apiDocument } = await import('../../src/contract/api/document');
    // Read as its declaration says (what a client may rely on), so the answer is typed by it.
    document = documentSchema.parse(apiDocument(origin));
    documents.set(origin, document);
  }
  return document;
}

export const openApiRoutes = declaredRoutes<AppEnv>().openapi(documentRoute, async (c) => {
  const document = await documentFor(new URL(c.req.url).origin);
  c.header('Cache-Control', 'public, max-age=300');
  // Readable by API tools running in a browser on another origin (no credentials involved).
  c.header('Access-Control-Allow-Origin', '*');
  return c.json(document, 200);
});
