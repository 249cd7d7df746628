/**
 * Response serialisation: every answer is checked against its route's zod schema (unknown
 * fields are dropped, so a row never leaks a column the contract does not name) and then
 * written as JSON. An answer that many requests share — the search cache hands the same
 * object to every caller within its lifetime — is marked with `shareAnswer` and serialised
 * once per route: checking and writing twenty cards costs more than finding them.
 * A shared answer must not be changed after it is marked.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

const shared = new WeakSet<object>();

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
  return (payload) => {
    if (!isEnvelope(payload) || !shared.has(payload.data as object)) return serialize(payload);
    const data = payload.data as object;
    const hit = written.get(data);
    if (hit && hit.code === payload.code && hit.msg === payload.msg) return hit.json;
    const json = serialize(payload);
    written.set(data, { code: payload.code, msg: payload.msg, json });
    return json;
  };
};
