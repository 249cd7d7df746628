/**
 * Response serialisation: every answer is checked against its route's zod schema (unknown
 * fields are dropped, so a row never leaks a column the contract does not name) and then
 * written as JSON. An answer that many requests share — the search cache hands the same
 * object to every caller within its lifetime — is marked with `shareAnswer` and serialised
 * once per route: checking and writing twenty cards costs more than finding them.
 * A shared answer must not be changed after it is marked.
 *
 * An answer built field by field in the schema's own key order from values already of the
 * schema's types (search pages: cards made by toProjectCard, a saved search as its schema
 * parsed it) is marked with `trustAnswer` and written with JSON.stringify alone: on a
 * project search the schema check cost as much as finding the twenty cards. Outside
 * production every trusted answer is still checked, and one whose JSON differs from the
 * checked JSON fails the request, so tests catch a card that drifts from its schema.
 *
 * A part of a trusted answer that many answers repeat (a library card, the same for every
 * search that lists its row) can carry its JSON text, given once with `withJson`: the
 * answer is then written around it instead of writing the part again.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

const shared = new WeakSet<object>();
const trusted = new WeakSet<object>();
/** A part's JSON text, kept on it under a symbol: not enumerable, so a copy (`{ ...part }`) has none. */
const JSON_TEXT = Symbol('json');
const textOf = (value: object): string | undefined => (value as { [JSON_TEXT]?: string })[JSON_TEXT];
const isCheckingTrusted = process.env.NODE_ENV !== 'production';

export function trustAnswer<T>(value: T): T {
  if (value && typeof value === 'object') trusted.add(value);
  return value;
}

/** Marks `value` (never changed afterwards) as written `json`, which is what JSON.stringify gives for it. */
export function withJson<T extends object>(value: T, json: string): T {
  Object.defineProperty(value, JSON_TEXT, { value: json });
  return value;
}

const hasText = (value: unknown) =>
  value !== null && typeof value === 'object' && textOf(value) !== undefined;

/**
 * JSON.stringify of a trusted answer, its parts marked `withJson` taken as written: the
 * answer's own objects are walked, an array only when it holds such parts (a list of cards).
 */
function writeTrusted(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const text = textOf(value);
  if (text !== undefined) return text;
  if (Array.isArray(value))
    return value.some(hasText)
      ? `[${value.map((item) => writeTrusted(item) ?? 'null').join(',')}]`
      : JSON.stringify(value);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  let out = '';
  for (const [key, item] of Object.entries(value)) {
    const written = writeTrusted(item);
    if (written !== undefined) out += `${out ? ',' : ''}${JSON.stringify(key)}:${written}`;
  }
  return `{${out}}`;
}

export function shareAnswer<T>(value: T): T {
  if (value && typeof value === 'object') shared.add(value);
  return value;
}

interface Envelope {
  code: unknown;
  msg: unknown;
  data: unknown;
}

const isEnvelope = (payload: unknown): payload is Envelope =>
  !!payload && typeof payload === 'object' && 'data' in payload && Object.keys(payload).length === 3;

export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const written = new WeakMap<object, { code: unknown; msg: unknown; json: string }>();
  const write = (payload: unknown) => {
    if (!isEnvelope(payload) || !trusted.has(payload.data as object)) return serialize(payload);
    const json = writeTrusted(payload)!;
    if (isCheckingTrusted && serialize(payload) !== json)
      throw new Error(`${route.url} 的答复与其 schema 不一致（trustAnswer）`);
    return json;
  };
  return (payload) => {
    if (!isEnvelope(payload) || !shared.has(payload.data as object)) return write(payload);
    const data = payload.data as object;
    const hit = written.get(data);
    if (hit && hit.code === payload.code && hit.msg === payload.msg) return hit.json;
    const json = write(payload);
    written.set(data, { code: payload.code, msg: payload.msg, json });
    return json;
  };
};
