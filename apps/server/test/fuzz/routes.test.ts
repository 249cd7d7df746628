/**
 * Bad input never gets a 5xx (issue 13). Every row in the server's own route table — so a
 * module is covered the day it lands — is called with requests generated from its zod
 * schemas (fuzz/requests.ts), anonymously and signed in (a verified VIP administrator, to
 * reach as deep as possible), on PGlite and on PostgreSQL. Every answer is below 500 (501
 * "not configured" allowed) and, where it is JSON, the `{code,msg,data}` envelope; a stream
 * never ends with an internal error. Deterministic: the seed is fixed.
 */
import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/http/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { requestsFor, type Sample } from './requests.js';

const SEED = 20261125;
const VIP_UNTIL = new Date(Date.now() + 30 * 86_400_000);

interface Finding {
  route: string;
  sample: string;
  who: string;
  status: number;
  problem: string;
  request: string;
}

/** Percent-encodes a path segment; a lone surrogate goes out as the invalid UTF-8 a broken client would send. */
function segment(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function urlOf(entry: RegisteredRoute, sample: Sample): string {
  let url = entry.url.replace(/:(\w+)/g, (_m, name: string) => segment(sample.params?.[name] ?? 'x'));
  url = url.replace('*', segment(sample.params?.['*'] ?? 'x/y'));
  const query = new URLSearchParams(sample.query ?? {}).toString();
  return query ? `${url}?${query}` : url;
}

function checkAnswer(
  entry: RegisteredRoute,
  status: number,
  contentType: string,
  text: string,
): string | null {
  if (status >= 500 && status !== 501 && status !== 503) return `HTTP ${status}: ${text.slice(0, 200)}`;
  if (contentType.includes('text/event-stream')) {
    const events = text
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { code?: number; isend?: boolean });
    if (events.at(-1)?.isend !== true) return 'stream did not end with isend';
    if (events.some((e) => e.code === Code.INTERNAL)) return 'stream ended with an internal error';
    return null;
  }
  if (contentType.includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return 'JSON answer that does not parse';
    }
    const envelope = body as { code?: unknown; msg?: unknown };
    if (
      typeof envelope?.code !== 'number' ||
      typeof envelope.msg !== 'string' ||
      !('data' in (body as object))
    )
      return `not the envelope: ${text.slice(0, 200)}`;
    if (envelope.code === Code.INTERNAL) return 'code -500';
    if (status === 501 && envelope.code !== Code.NOT_ENABLED)
      return `501 without -501: ${text.slice(0, 200)}`;
    return null;
  }
  if (entry.route.kind === 'json') return `a JSON row answered ${contentType || 'nothing'} (${status})`;
  return null;
}

/** A row that writes its own reply (a provider's notification format, a file, a page) may answer any JSON. */
function checkRawAnswer(status: number, text: string): string | null {
  if (status >= 500 && status !== 501 && status !== 503) return `HTTP ${status}: ${text.slice(0, 200)}`;
  return null;
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`route fuzz on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t?.close());

    it('answers every generated request to every row without a 5xx, in the envelope', {
      timeout: 120_000,
    }, async () => {
      const findings: Finding[] = [];
      let requests = 0;
      const routes = t.app.routeTable;
      expect(routes.length).toBeGreaterThan(0);
      for (const [index, entry] of routes.entries()) {
        const { route } = entry;
        const samples = requestsFor(
          { method: route.method, body: route.body, query: route.query, params: route.params },
          { seed: SEED + index, valid: 2, perField: 2 },
        );
        // A fresh signed-in user per row: one row (logout, delete) must not spoil the next.
        const signed = await signIn(t.platform.database.db, {
          isVerified: true,
          isAdmin: true,
          vipExpiresAt: VIP_UNTIL,
          phone: `139${String(10_000_000 + index).slice(-8)}`,
        });
        for (const who of ['anonymous', 'signed in'] as const) {
          for (const sample of samples) {
            const headers: Record<string, string> = { 'x-client-id': 'fuzz-client-0001' };
            if (who === 'signed in') headers.cookie = signed.cookie;
            let payload: string | undefined;
            if (sample.rawBody !== undefined) {
              payload = sample.rawBody;
              headers['content-type'] = sample.contentType ?? 'application/json';
            } else if (route.method !== 'GET' && sample.body !== undefined) {
              payload = JSON.stringify(sample.body);
              headers['content-type'] = 'application/json';
            }
            const response = await t.app.inject({
              method: route.method,
              url: urlOf(entry, sample),
              headers,
              ...(payload === undefined ? {} : { payload }),
            });
            requests++;
            const contentType = String(response.headers['content-type'] ?? '');
            const problem =
              route.kind === 'raw'
                ? checkRawAnswer(response.statusCode, response.body)
                : checkAnswer(entry, response.statusCode, contentType, response.body);
            if (problem) {
              findings.push({
                route: `${route.method} ${entry.url}`,
                sample: sample.label,
                who,
                status: response.statusCode,
                problem,
                request: `${urlOf(entry, sample).slice(0, 200)} ${(payload ?? '').slice(0, 300)}`,
              });
            }
          }
        }
      }
      console.info(
        `[fuzz ${engine}] ${routes.length} rows, ${requests} requests, ${findings.length} findings`,
      );
      // One line per row and problem, with the first request that showed it.
      const seen = new Map<string, string>();
      for (const f of findings) {
        const key = `${f.route} → ${f.problem.slice(0, 100)}`;
        if (!seen.has(key)) seen.set(key, `${key}  [${f.who}; ${f.sample}; HTTP ${f.status}; ${f.request}]`);
      }
      expect([...seen.values()]).toEqual([]);
    });
  });
}
