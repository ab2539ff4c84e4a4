/**
 * The API reference page (/developers/api) as plain data, read from the OpenAPI document the
 * Worker serves (src/contract/api/document.ts): operations grouped by tag, and each schema as
 * rows of fields (`license.plan`, `devices[].id`) with type, whether required, and constraints.
 * Built at build time, so the page is static HTML with no script.
 */

/** The parts of a JSON Schema (2020-12, OpenAPI 3.1's dialect) the page shows. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

/** One shape an answer or body may take; `when` names it for a `oneOf` (e.g. `status: VALID`). */
export interface SchemaVariant {
  when: string | null;
  rows: FieldRow[];
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** What the call must be sent with (its security scheme, in words), or null for none. */
  credential: string | null;
  parameters: FieldRow[];
  bodyType: string | null;
  body: SchemaVariant[];
  responses: { status: string; description: string; variants: SchemaVariant[] }[];
}

export interface GroupView {
  tag: string;
  slug: string;
  /** What the calls of the group are for (the document's description of the tag). */
  description: string;
  operations: OperationView[];
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
}

export interface ApiDocumentLike {
  paths?: Record<string, Record<string, Operation> | undefined>;
  tags?: { name: string; description?: string }[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A readable type: `string`, `integer`, `"VALID" | "EXPIRED"`, `array of object`, `string or null`. */
export function typeLabel(schema: Schema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.oneOf ?? schema.anyOf)
    return (schema.oneOf ?? schema.anyOf ?? []).map(typeLabel).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((type) =>
    type === 'array' && schema.items ? `array of ${typeLabel(schema.items)}` : type,
  );
  return labels.join(' or ') || 'any';
}

function notesOf(schema: Schema): string {
  const notes: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    notes.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '…'} characters`);
  }
  if (schema.minimum !== undefined) notes.push(`at least ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`at most ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    notes.push(`${schema.minItems ?? 0}–${schema.maxItems ?? '…'} items`);
  }
  if (schema.pattern) notes.push(`pattern ${schema.pattern}`);
  if (schema.format) notes.push(schema.format);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes.join('; ');
}

/** The fields of an object schema, nested objects and arrays of objects flattened into paths. */
export function fieldRows(schema: Schema, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const name = `${prefix}${key}`;
    rows.push({
      name,
      type: typeLabel(property),
      required: schema.required?.includes(key) ?? false,
      notes: notesOf(property),
    });
    if (property.properties) rows.push(...fieldRows(property, `${name}.`));
    if (property.items?.properties) rows.push(...fieldRows(property.items, `${name}[].`));
  }
  return rows;
}

/** A schema as its shapes: one per `oneOf` branch (named by its constant field), else one. */
export function variantsOf(schema: Schema | undefined): SchemaVariant[] {
  if (!schema) return [];
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) return [{ when: null, rows: fieldRows(schema) }];
  return branches.map((branch) => {
    const tag = Object.entries(branch.properties ?? {}).find(
      ([, property]) => property.const !== undefined || property.enum?.length === 1,
    );
    const value = tag ? (tag[1].const ?? tag[1].enum?.[0]) : undefined;
    return { when: tag ? `${tag[0]}: ${String(value)}` : null, rows: fieldRows(branch) };
  });
}

/** The badge of each security scheme document.ts registers. */
const credentialLabels: Record<string, string> = {
  pluginToken: 'Plugin access token',
  sessionBearer: 'Account session',
  operatorSession: 'Operator session',
};

function credentialOf(security: Record<string, unknown>[] | undefined): string | null {
  const scheme = Object.keys(security?.[0] ?? {})[0];
  return scheme === undefined ? null : (credentialLabels[scheme] ?? scheme);
}

/**
 * The document with every `$ref` to `#/components/schemas/…` replaced by the schema it names,
 * for readers that look at a body or an answer as one tree (this page's field tables, a JSON
 * Schema validator given one answer at a time). The components themselves stay as they are.
 */
export function withoutRefs<T>(document: T): T {
  const components: unknown =
    typeof document === 'object' && document !== null && 'components' in document
      ? document.components
      : undefined;
  const schemas: Record<string, unknown> =
    typeof components === 'object' && components !== null && 'schemas' in components
      ? (components.schemas as Record<string, unknown>)
      : {};
  const resolve = (value: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => resolve(item, seen));
    if (typeof value !== 'object' || value === null) return value;
    if ('$ref' in value && typeof value.$ref === 'string') {
      const name = /^#\/components\/schemas\/(.+)$/.exec(value.$ref)?.[1];
      // A schema that contains itself stays a reference where it recurs.
      if (name !== undefined && name in schemas && !seen.includes(name))
        return resolve(schemas[name], [...seen, name]);
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === 'components' ? item : resolve(item, seen),
      ]),
    );
  };
  return resolve(document, []) as T;
}

/** The document's operations, grouped by their first tag in the order they first appear. */
export function referenceGroups(document: ApiDocumentLike): GroupView[] {
  const groups = new Map<string, GroupView>();
  const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  const paths = withoutRefs(document).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const tag = operation.tags?.[0] ?? 'Other';
      const group = groups.get(tag) ?? {
        tag,
        slug: slug(tag),
        description: described.get(tag) ?? '',
        operations: [],
      };
      groups.set(tag, group);
      const [bodyType, bodyMedia] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      group.operations.push({
        id: slug(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        credential: credentialOf(operation.security),
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: `${parameter.name} (${parameter.in})`,
          type: parameter.schema ? typeLabel(parameter.schema) : 'string',
          required: parameter.required ?? false,
          notes: parameter.schema ? notesOf(parameter.schema) : '',
        })),
        bodyType: bodyType ?? null,
        body: variantsOf(bodyMedia?.schema),
        responses: Object.entries(operation.responses ?? {}).map(([status, answer]) => ({
          status,
          description: answer.description ?? '',
          variants: status.startsWith('2')
            ? variantsOf(Object.values(answer.content ?? {})[0]?.schema)
            : [],
        })),
      });
    }
  }
  return [...groups.values()];
}
