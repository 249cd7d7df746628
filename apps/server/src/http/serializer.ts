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
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

const shared = new WeakSet<object>();
const trusted = new WeakSet<object>();
const isCheckingTrusted = process.env.NODE_ENV !== 'production';

export function trustAnswer<T>(value: T): T {
  if (value && typeof value === 'object') trusted.add(value);
  return value;
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
    const json = JSON.stringify(payload);
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
