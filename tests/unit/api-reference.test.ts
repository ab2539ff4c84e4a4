import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/contract/api/document';
import { fieldRows, referenceGroups, typeLabel, variantsOf } from '../../src/lib/api-reference';

describe('the API reference page', () => {
  it('flattens nested objects and arrays of objects into field paths', () => {
    const rows = fieldRows({
      type: 'object',
      required: ['license'],
      properties: {
        license: {
          type: 'object',
          required: ['plan'],
          properties: { plan: { type: 'string', enum: ['Trial', 'Standard'] } },
        },
        devices: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } } },
        },
      },
    });
    expect(rows).toEqual([
      { name: 'license', type: 'object', required: true, notes: '' },
      { name: 'license.plan', type: '"Trial" | "Standard"', required: true, notes: '' },
      { name: 'devices', type: 'array of object', required: false, notes: '' },
      { name: 'devices[].id', type: 'string', required: false, notes: '0–64 characters' },
    ]);
  });

  it('names each branch of a oneOf by its constant field', () => {
    const variants = variantsOf({
      oneOf: [
        { type: 'object', properties: { status: { type: 'string', enum: ['UP_TO_DATE'] } } },
        { type: 'object', properties: { status: { const: 'UPDATE_AVAILABLE' } } },
      ],
    });
    expect(variants.map((variant) => variant.when)).toEqual([
      'status: UP_TO_DATE',
      'status: UPDATE_AVAILABLE',
    ]);
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string or null');
  });

  it('lists every operation of the served document, grouped by tag', () => {
    const document = apiDocument();
    const groups = referenceGroups(document as never);
    const operations = groups.flatMap((group) => group.operations);
    const documented = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.keys(item ?? {}),
    );
    expect(operations).toHaveLength(documented.length);
    expect(groups.map((group) => group.tag)).toContain('Plugin sign-in');
    // Each group opens with what its calls are for, from the document's tags.
    expect(groups.filter((group) => group.description === '')).toEqual([]);
    expect(groups.find((group) => group.tag === 'Updates')?.description).toBe(
      'Whether a newer version is out, and a link to download its installer.',
    );
    const activate = operations.find((operation) => operation.path === '/api/licenses/activate');
    expect(activate?.body[0]?.rows.map((row) => row.name)).toContain('licenseKey');
    expect(activate?.responses.map((answer) => answer.status)).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '429']),
    );
    const switchLicense = operations.find((operation) => operation.path === '/api/plugin/switch');
    expect(switchLicense?.credential).toBe('Plugin access token');
    const usage = operations.find((operation) => operation.path === '/api/usage');
    expect(usage?.credential).toBe('Account session');
    expect(activate?.credential).toBeNull();
  });
});
