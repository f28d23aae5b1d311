import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../src/platform/access';
import type { Caller } from './context';

/** A JSON Schema as the OpenAPI document gives it (the subset zod's export uses). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** One route of the server: from the OpenAPI document where it is documented, else from the route table alone. */
export interface Operation {
  method: string;
  /** Fastify's form: /api/v1/channels/:id (a wildcard route ends in *). */
  url: string;
  access: Access | undefined;
  guardedBeforeBody: boolean;
  documented: boolean;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

const toFastifyPath = (openApiPath: string) => openApiPath.replace(/\{([^}]+)\}/g, ':$1');
const pathParamNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

/**
 * Every route, taken from the route table (so each carries the access it declares) and
 * described by the OpenAPI document where it is documented. HEAD twins of GET are left out.
 */
export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const documented = new Map<string, OpenApiOperation>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods))
      documented.set(`${method.toUpperCase()} ${toFastifyPath(path)}`, op);
  }
  return app.routeTable
    .entries()
    .filter((route) => route.method !== 'HEAD')
    .map((route) => {
      const op = documented.get(`${route.method} ${route.url}`);
      const params = op?.parameters ?? [];
      const pathSchemas = new Map(
        params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? { type: 'string' }]),
      );
      return {
        method: route.method,
        url: route.url,
        access: route.access,
        guardedBeforeBody: route.guardedBeforeBody,
        documented: op !== undefined,
        pathParams: pathParamNames(route.url).map((name) => ({
          name,
          schema: pathSchemas.get(name) ?? { type: 'string', maxLength: 20 },
        })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? { type: 'string' } })),
        body: op?.requestBody?.content?.['application/json']?.schema,
      };
    });
}

/** Values that fit a schema (most of the time: patterns and bounds as the schema gives them). */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth)));
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1e6, 2 ** 31 - 1),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const fitting = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000))
        : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
      // One in four carries a control character (NUL most often): PostgreSQL refuses NUL in text (issue 9).
      return fc.oneof({ weight: 3, arbitrary: fitting }, { weight: 1, arbitrary: withControl(fitting) });
    }
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(arbitraryOf(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(props.map(([name, s]) => [name, arbitraryOf(s, depth + 1)])), {
        requiredKeys: props.map(([n]) => n).filter((n) => required.has(n)),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** NUL, the other C0 controls, DEL, C1 and the line separators: characters no field needs. */
export const controlCharacter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 0x1f }).map((c) => String.fromCharCode(c)) },
  { weight: 1, arbitrary: fc.constantFrom('\u007f', '\u0085', '\u009b', '\u2028', '\u2029', '\ufeff') },
);

/** A string of `base` with a control character put at a place of it (replacing one, so lengths still fit). */
export function withControl(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, controlCharacter, fc.nat()).map(([text, control, at]) => {
    if (text.length === 0) return control;
    const i = at % text.length;
    return text.slice(0, i) + control + text.slice(i + 1);
  });
}

/** Hostile values: wrong types, huge and odd strings, control characters, traversal, nesting, prototype keys. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '<script>',
    "' or 1=1 --",
    '\u0000',
    '\uffff',
    '𝔘',
    '{}',
    '[]',
  ),
  fc.string({ maxLength: 300 }),
  withControl(fc.string({ maxLength: 40 })),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}') as unknown),
  fc.constant({ constructor: { prototype: { polluted: 1 } } }),
);

/** A value for one slot: mostly fitting its schema, sometimes hostile. */
export const slot = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: arbitraryOf(schema) }, { weight: 1, arbitrary: hostile });

/** A URL for an operation with these path parameter values and query. */
export function urlOf(op: Operation, path: Record<string, unknown>, query: Record<string, unknown> = {}): string {
  // A hostile slot may hold a prototype-less object, which String() cannot convert.
  const text = (v: unknown): string => (typeof v === 'object' && v !== null ? (JSON.stringify(v) ?? '1') : String(v));
  let url = op.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(text(path[name] ?? '1')));
  url = url.replace(/\*$/, 'x');
  const pairs = Object.entries(query).filter(([, v]) => v !== undefined);
  if (pairs.length === 0) return url;
  return `${url}?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&')}`;
}

/** A body leaks nothing of the server's insides: no stack frame, file path, SQL or driver text. */
export function leaksInternals(body: string): string | null {
  const signs: [RegExp, string][] = [
    [/\bat [\w.<>]+ \(/, 'stack frame'],
    [/\/(src|node_modules|work|home|tmp)\//, 'file path'],
    [/\.(ts|js|mjs):\d+/, 'source position'],
    [/SQLITE_|sqlite3|\bkysely\b|syntax error at|relation "|duplicate key|violates/i, 'database text'],
    [/TypeError|ReferenceError|RangeError|Cannot read propert/, 'JavaScript error'],
  ];
  for (const [pattern, name] of signs) if (pattern.test(body)) return name;
  return null;
}

/** How a fuzzed body is sent: as JSON, mislabelled, gzipped, falsely gzipped or as a form. */
export type Encoding = 'json' | 'text' | 'none' | 'gzip' | 'garbage-gzip' | 'form';

/** One hostile request for an operation: schema-shaped with hostile slots, odd bodies and encodings (the suite's and the bench's corpus). */
export function requestArbitrary(op: Operation) {
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, slot(p.schema)])));
  const query = fc.record(
    Object.fromEntries(op.queryParams.map((q) => [q.name, fc.option(slot(q.schema), { nil: undefined })])),
  );
  const body = op.body
    ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(op.body) }, { weight: 2, arbitrary: hostile })
    : fc.option(hostile, { nil: undefined });
  const caller = fc.constantFrom<Caller>('anonymous', 'basico', 'demo');
  const encoding = fc.constantFrom<Encoding>('json', 'json', 'json', 'text', 'none', 'gzip', 'garbage-gzip', 'form');
  return fc.record({ path, query, body, caller, encoding });
}

/** The payload and headers of a fuzzed body sent with `encoding`. */
export function payloadFor(
  body: unknown,
  encoding: Encoding,
): { payload?: string | Buffer; headers: Record<string, string> } {
  if (body === undefined) return { headers: {} };
  const text = JSON.stringify(body) ?? 'null';
  switch (encoding) {
    case 'json':
      return { payload: text, headers: { 'content-type': 'application/json' } };
    case 'text':
      return { payload: text, headers: { 'content-type': 'text/plain' } };
    case 'none':
      return { payload: text, headers: {} };
    case 'gzip':
      return { payload: gzipSync(text), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } };
    case 'garbage-gzip':
      return {
        payload: Buffer.from(text),
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      };
    case 'form':
      return { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
}
