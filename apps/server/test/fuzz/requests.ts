/**
 * Requests for the route fuzz test, generated from each row's own zod schemas: a valid
 * request (built from the schema's JSON Schema with fast-check, deterministic by seed),
 * then every field mutated in the ways attackers and broken clients try — wrong type,
 * null, control characters, 100k characters, emoji, huge and negative numbers — plus extra
 * fields, malformed JSON and the wrong content type.
 */
import fc from 'fast-check';
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: Json;
  additionalProperties?: boolean | JsonSchema;
}

/** Strings that satisfy the patterns our contract uses; others fall back to letters. */
const PATTERN_SAMPLES = [
  '13800138000',
  'abcdefgh-1234',
  '2026-01-02',
  'login_0123456789abcdef',
  'a1b2c3d4',
  'https://example.com/a',
  '1',
  'A',
];

function sampleForPattern(pattern: string): string {
  const re = new RegExp(pattern, 'u');
  return PATTERN_SAMPLES.find((s) => re.test(s)) ?? 'abc';
}

const toSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

function typesOf(s: JsonSchema): string[] {
  if (s.type) return Array.isArray(s.type) ? s.type : [s.type];
  return [];
}

/** An arbitrary of values valid for `s` (as far as JSON Schema can say). */
function validArbitrary(s: JsonSchema, depth = 0): fc.Arbitrary<Json> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => validArbitrary(a, depth + 1)));
  if (s.allOf?.length) return validArbitrary(s.allOf[0]!, depth + 1);
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types[0];
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, value] of Object.entries(props)) record[key] = validArbitrary(value, depth + 1);
      return fc.record(record, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      }) as fc.Arbitrary<Json>;
    }
    case 'array': {
      const item = s.items ? validArbitrary(s.items, depth + 1) : fc.constant('x');
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? 3, Math.max(minLength, 3));
      return fc.array(item, { minLength, maxLength });
    }
    case 'integer': {
      const min = Math.max(s.minimum ?? (s.exclusiveMinimum ?? -1000) + 1, -1e6);
      const max = Math.min(s.maximum ?? (s.exclusiveMaximum ?? 1000) - 1, Math.max(min, 1000));
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
    }
    case 'number': {
      const min = Math.max(s.minimum ?? -1000, -1e6);
      const max = Math.min(s.maximum ?? 1000, Math.max(min, 1000));
      return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.pattern) return fc.constant(sampleForPattern(s.pattern));
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'email') return fc.constant('a@example.com');
      if (s.format === 'uri' || s.format === 'url') return fc.constant('https://example.com/');
      if (s.format === 'date-time') return fc.constant('2026-01-02T03:04:05.000Z');
      if (s.format === 'date') return fc.constant('2026-01-02');
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? 12, Math.max(minLength, 12));
      // Words of the domain that fit the length; a filter no constant passes would never end.
      const words = ['储能', '人工智能', 'A轮', '深圳'].filter(
        (v) => v.length >= minLength && v.length <= maxLength,
      );
      const letters = fc.string({ minLength, maxLength });
      return words.length ? fc.oneof(letters, fc.constantFrom(...words)) : letters;
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.constantFrom<Json>('x', 1, true);
  }
}

/** Values that no careful server may answer with a 5xx, whatever the field's type. */
export const HOSTILE_VALUES: { label: string; value: Json }[] = [
  { label: 'null', value: null },
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'control characters', value: 'a\u0001\u0007\u001b[31m\u007fb' },
  { label: '100k characters', value: '长'.repeat(100_000) },
  { label: 'emoji', value: '🚀👨‍👩‍👧‍👦🀄️' },
  { label: 'lone surrogate', value: 'a\ud800b' },
  { label: 'huge number', value: 1e20 },
  { label: 'int overflow', value: 3_000_000_000 },
  { label: 'negative number', value: -1_000_000_000_000 },
  { label: 'fraction', value: 1.5 },
  { label: 'numeric string', value: '99999999999999999999' },
  { label: 'empty string', value: '' },
  { label: 'boolean', value: true },
  { label: 'array', value: ['a', 1, null] },
  { label: 'object', value: { $ne: 1, __proto__: { polluted: true } } as unknown as Json },
  { label: 'SQL', value: "1' or '1'='1; drop table users; --" },
  { label: 'path', value: '../../../etc/passwd' },
];

const ALWAYS = ['NUL', 'int overflow', 'object'];

export interface Sample {
  label: string;
  body?: Json;
  /** A raw body string sent as is (malformed JSON). */
  rawBody?: string;
  contentType?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

function queryOf(value: Json): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
    }
  }
  return out;
}

function asString(value: Json): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Top-level and one level nested field paths of an object schema. */
function fieldPaths(s: JsonSchema): string[][] {
  const paths: string[][] = [];
  for (const [key, value] of Object.entries(s.properties ?? {})) {
    paths.push([key]);
    for (const inner of Object.keys(value.properties ?? {})) paths.push([key, inner]);
  }
  return paths;
}

function withField(base: Json, pathToField: string[], value: Json): Json {
  const copy = structuredClone(base ?? {}) as Record<string, Json>;
  let target = copy;
  for (const key of pathToField.slice(0, -1)) {
    const next = target[key];
    target[key] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
    target = target[key] as Record<string, Json>;
  }
  target[pathToField.at(-1)!] = value;
  return copy;
}

function withoutUguid(value: Json): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('uguid' in value)) return value;
  const { uguid: _uguid, ...rest } = value;
  return rest;
}

export interface RouteSchemas {
  method: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

/**
 * The requests for one row: `valid` valid ones, then each field's hostile values (a seeded
 * subset of `perField` of them), extra fields, malformed JSON and the wrong content type.
 */
export function requestsFor(
  route: RouteSchemas,
  options: { seed: number; valid: number; perField: number },
): Sample[] {
  const samples: Sample[] = [];
  const bodySchema = route.body ? toSchema(route.body) : undefined;
  const querySchema = route.query ? toSchema(route.query) : undefined;
  const paramsSchema = route.params ? toSchema(route.params) : undefined;
  // A generated `uguid` is never the caller's: every request carrying one would be refused
  // (403) before its handler, so valid requests leave it out (its own mutations still send it).
  const draw = (s: JsonSchema | undefined, seed: number) =>
    s ? withoutUguid(fc.sample(validArbitrary(s), { seed, numRuns: 1 })[0]!) : undefined;
  const params = () => {
    const value = draw(paramsSchema, options.seed);
    return value
      ? Object.fromEntries(Object.entries(queryOf(value)).map(([k, v]) => [k, v || 'x']))
      : undefined;
  };

  for (let n = 0; n < options.valid; n++) {
    const body = draw(bodySchema, options.seed + n);
    const query = draw(querySchema, options.seed + n);
    samples.push({
      label: `valid #${n}`,
      ...(body === undefined ? {} : { body }),
      ...(query === undefined ? {} : { query: queryOf(query) }),
      params: params(),
    });
  }

  const base = draw(bodySchema, options.seed) ?? {};
  const baseQuery = draw(querySchema, options.seed) ?? {};
  // Every field gets the values that broke servers before (NUL, an int32 overflow, a wrong
  // type); the rest of the hostile list is sampled per field, by seed.
  const always = HOSTILE_VALUES.filter((h) => ALWAYS.includes(h.label));
  const others = HOSTILE_VALUES.filter((h) => !ALWAYS.includes(h.label));
  const pick = (seed: number) => [
    ...always,
    ...fc.sample(fc.shuffledSubarray(others, { minLength: options.perField, maxLength: options.perField }), {
      seed,
      numRuns: 1,
    })[0]!,
  ];

  for (const [i, field] of (bodySchema ? fieldPaths(bodySchema) : []).entries()) {
    for (const hostile of pick(options.seed * 31 + i)) {
      samples.push({
        label: `body ${field.join('.')} = ${hostile.label}`,
        body: withField(base, field, hostile.value),
        params: params(),
      });
    }
  }
  for (const [i, field] of (querySchema ? fieldPaths(querySchema) : []).entries()) {
    for (const hostile of pick(options.seed * 37 + i)) {
      samples.push({
        label: `query ${field.join('.')} = ${hostile.label}`,
        query: { ...queryOf(baseQuery), [field[0]!]: asString(hostile.value) },
        params: params(),
      });
    }
  }
  for (const [i, field] of (paramsSchema ? fieldPaths(paramsSchema) : []).entries()) {
    for (const hostile of pick(options.seed * 41 + i)) {
      samples.push({
        label: `param ${field[0]} = ${hostile.label}`,
        params: { ...params(), [field[0]!]: asString(hostile.value).slice(0, 2000) || 'x' },
      });
    }
  }
  if (route.method !== 'GET') {
    samples.push(
      {
        label: 'extra fields',
        body: { ...(base as object), extra: 'x', constructor: { prototype: 1 } },
        params: params(),
      },
      { label: 'whole body null', body: null, params: params() },
      { label: 'whole body array', body: [1, 2], params: params() },
      { label: 'whole body string', body: 'x', params: params() },
      { label: 'malformed JSON', rawBody: '{"a":', contentType: 'application/json', params: params() },
      {
        label: 'NUL in raw JSON',
        rawBody: '{"a":"\\u0000"}',
        contentType: 'application/json',
        params: params(),
      },
      {
        label: 'wrong content type',
        rawBody: JSON.stringify(base),
        contentType: 'text/plain',
        params: params(),
      },
    );
  }
  samples.push({
    label: 'hostile query',
    query: { page: '3000000000', pageSize: '-1', id: 'a\u0000', keyword: '长'.repeat(5000) },
    body: route.method === 'GET' ? undefined : base,
    params: params(),
  });
  return samples;
}
