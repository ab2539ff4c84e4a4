import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { apiDocument, apiRouteGroups, documentedPath } from '../../src/contract/api/document';
import { errorCatalogue } from '../../src/contract/catalogue';

type Document = ReturnType<typeof apiDocument>;
/** What this test reads of a documented answer. */
interface Answer {
  content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] } } } }>;
}

describe('the OpenAPI document', () => {
  const document: Document = apiDocument('https://example.test');

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
  });

  it('lists every declared route under the path it is mounted at, with the server asked for', () => {
    const declared = apiRouteGroups.flatMap(({ prefix, routes }) =>
      routes.map((route) => `${route.method.toUpperCase()} ${documentedPath(prefix, route)}`),
    );
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(declared.sort());
    expect(documented).toContain('POST /api/licenses/activate');
    expect(documented).toContain('POST /api/oauth/token');
    expect(document.servers).toEqual([{ url: 'https://example.test' }]);
  });

  it('documents each error code under the status the catalogue gives it', () => {
    const mismatches: string[] = [];
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item ?? {})) {
        const responses = (operation as { responses?: Record<string, Answer> }).responses ?? {};
        for (const [status, answer] of Object.entries(responses)) {
          const codes = answer.content?.['application/json']?.schema?.properties?.code?.enum ?? [];
          for (const code of codes) {
            const entry = errorCatalogue[code as keyof typeof errorCatalogue];
            if (String(entry?.status) !== status)
              mismatches.push(`${method} ${path} ${status} ${code}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
