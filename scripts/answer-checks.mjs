// Writes the islands' checks of the API's answers (src/generated/answer-checks.ts) from the
// OpenAPI document: one predicate per named schema of `components.schemas`, built with the
// combinators of src/contract/shape.ts and typed by openapi-typescript's types
// (src/generated/api-types.ts). The answers are described once, by the zod schemas of the route
// declarations (src/contract/api/); the islands carry these few bytes instead of zod.
//
// A check is structural, as the combinators are: extra fields pass, nothing is transformed, and
// only the JSON types are checked (lengths, patterns and bounds are the Worker's business), except
// that a `uri` string must be an http(s) URL, since the islands send the browser there.

/** The combinator expression of a JSON Schema; `ref(name)` names another component's check. */
function expression(schema, ref, where) {
  const fail = (what) => {
    throw new Error(`answer-checks: ${where} uses ${what}, which the generator does not handle.`);
  };
  if (schema === true || (typeof schema === 'object' && Object.keys(schema).length === 0))
    return 'unknown';
  if (typeof schema !== 'object' || schema === null) fail(JSON.stringify(schema));
  if (schema.$ref) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    if (!name) fail(`the reference ${schema.$ref}`);
    return ref(name);
  }
  for (const keyword of ['allOf', 'not', 'if', 'prefixItems', 'patternProperties'])
    if (keyword in schema) fail(keyword);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const members = union.map((member, index) => expression(member, ref, `${where}|${index}`));
    return `either(${members.join(', ')})`;
  }
  const types = schema.type === undefined ? [] : [schema.type].flat();
  const nullable = types.includes('null') || (schema.enum ?? []).includes(null);
  const wrap = (inner) => (nullable ? `nullable(${inner})` : inner);
  if (schema.const !== undefined) return wrap(`literal(${JSON.stringify(schema.const)})`);
  if (schema.enum) {
    const values = schema.enum.filter((value) => value !== null);
    if (values.length === 1) return wrap(`literal(${JSON.stringify(values[0])})`);
    if (values.every((value) => typeof value === 'string'))
      return wrap(`oneOf(${JSON.stringify(values)})`);
    return wrap(`either(${values.map((value) => `literal(${JSON.stringify(value)})`).join(', ')})`);
  }
  const kinds = types.filter((type) => type !== 'null');
  if (kinds.length === 0) return types.includes('null') ? 'literal(null)' : 'unknown';
  if (kinds.length > 1) fail(`the types ${kinds.join(', ')}`);
  const [kind] = kinds;
  switch (kind) {
    case 'string':
      return wrap(schema.format === 'uri' ? 'httpUrl' : 'string');
    case 'integer':
      return wrap('integer');
    case 'number':
      return wrap('number');
    case 'boolean':
      return wrap('boolean');
    case 'array':
      return wrap(`array(${expression(schema.items ?? {}, ref, `${where}[]`)})`);
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const extra = schema.additionalProperties;
      const typedExtra =
        typeof extra === 'object' && extra !== null && Object.keys(extra).length > 0;
      if (typedExtra && properties.length > 0) fail('typed additionalProperties beside properties');
      if (typedExtra) return wrap(`record(${expression(extra, ref, `${where}{}`)})`);
      const required = new Set(schema.required ?? []);
      const fields = properties.map(([key, value]) => {
        const inner = expression(value, ref, `${where}.${key}`);
        return `${JSON.stringify(key)}: ${required.has(key) ? inner : `optional(${inner})`}`;
      });
      return wrap(`object({ ${fields.join(', ')} })`);
    }
    default:
      return fail(`the type ${kind}`);
  }
}

/** `/* @__PURE__ *\/` before every call, so that a bundle keeps only the checks a page reads. */
const pure = (code) =>
  code.replace(
    /\b(either|nullable|optional|array|record|object|oneOf|literal)\(/g,
    '/* @__PURE__ */ $1(',
  );

/** The check's name: `isSignInAnswer` for `SignInAnswer`. */
const check = (name) => `is${name}`;

/** The module's source (before prettier) for an OpenAPI document. */
export function answerChecksSource(document) {
  const schemas = document.components?.schemas ?? {};
  const names = Object.keys(schemas);
  const order = [];
  const state = new Map();
  // Components in the order they depend on each other: a check reads the ones it refers to.
  const visit = (name) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open')
      throw new Error(`answer-checks: ${name} refers to itself, which a check cannot.`);
    if (!(name in schemas)) throw new Error(`answer-checks: no component is named ${name}.`);
    state.set(name, 'open');
    expression(schemas[name], (other) => (visit(other), check(other)), name);
    state.set(name, 'done');
    order.push(name);
  };
  names.forEach(visit);
  const used = new Set();
  const blocks = order.map((name) => {
    const code = expression(schemas[name], check, name);
    const bare = code.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    for (const identifier of bare.match(/[A-Za-z]+/g) ?? []) used.add(identifier);
    const description = schemas[name].description;
    const doc = description
      ? `/** ${description.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ')} */\n`
      : '';
    return `export type ${name} = components['schemas']['${name}'];\n${doc}export const ${check(name)} = ${pure(code)} as Shape<${name}>;`;
  });
  const combinators = [
    'array',
    'boolean',
    'either',
    'httpUrl',
    'integer',
    'literal',
    'nullable',
    'number',
    'object',
    'oneOf',
    'optional',
    'record',
    'string',
    'unknown',
  ].filter((combinator) => used.has(combinator));
  return [
    '// Generated by `npm run openapi` from the OpenAPI document (src/contract/api/): do not edit.',
    '// One check per named answer (`components.schemas`), typed by api-types.ts: see scripts/answer-checks.mjs.',
    `import { ${[...combinators, 'type Shape'].join(', ')} } from '../contract/shape';`,
    "import type { components } from './api-types';",
    '',
    ...blocks.map((block) => `${block}\n`),
  ].join('\n');
}
