/** Helpers for the assistant's API tests: SSE bodies, callers, and a small generated demo library. */
import { randomUUID } from 'node:crypto';
import { CLIENT_ID_HEADER } from '@jq/contract';
import type { LightMyRequestResponse } from 'fastify';
import { loadDemoData } from '../../src/modules/demo/index.js';
import type { TestApp } from '../helpers/app.js';

export type Sse = Record<string, unknown> & { type: string; isend: boolean };

export function parseSse(body: string): Sse[] {
  return body
    .split('\n\n')
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.startsWith('data: '))
    .map((chunk) => JSON.parse(chunk.slice(6)) as Sse);
}

export const textOf = (events: Sse[]) =>
  events
    .filter((e) => e.type === 'delta')
    .map((e) => e.content as string)
    .join('');

/** A generated demo library small enough for tests: seed 1 has A-round NEV projects and an energy-storage report. */
export const DEMO = {
  seed: 1,
  scale: { institutions: 20, investors: 120, projects: 300, reports: 10, news: 5 },
  now: new Date('2026-11-22T00:00:00Z'),
};

export async function seedDemo(t: TestApp) {
  const result = await loadDemoData(t.platform, DEMO);
  if (!result.loaded) throw new Error(`demo data not loaded: ${result.reason}`);
}

/** Who calls: an anonymous client (its id header) or a signed-in user (the session cookie). */
export interface Caller {
  headers: Record<string, string>;
}

export const anonymous = (clientId = `client-${randomUUID()}`): Caller => ({
  headers: { [CLIENT_ID_HEADER]: clientId },
});
export const signedIn = (cookie: string): Caller => ({ headers: { cookie } });

export function api(t: TestApp) {
  const call = async (method: 'GET' | 'POST', url: string, caller: Caller, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: caller.headers,
      ...(method === 'POST' ? { payload: payload ?? {} } : { query: payload as Record<string, string> }),
    });
  const data = async (method: 'GET' | 'POST', url: string, caller: Caller, payload?: object) => {
    const res = await call(method, url, caller, payload);
    if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  return {
    call,
    data,
    async createChat(caller: Caller, payload: object = {}, path = '/chat/createchat'): Promise<string> {
      return (await data('POST', path, caller, payload)).chatuuid;
    },
    /** A streamed turn; `chatuuid` '' for AI search, which takes none. */
    async ask(caller: Caller, chatuuid: string, question: string, path = '/chat/schat', extra: object = {}) {
      const payload = chatuuid ? { chatuuid, question, ...extra } : { question, ...extra };
      const res: LightMyRequestResponse = await call('POST', path, caller, payload);
      return { res, events: res.statusCode === 200 ? parseSse(res.body) : [] };
    },
  };
}
