/**
 * The app on one engine with a small demo library (dated today, so "the last 12 months" has
 * deals) and its placements built: call inside a `describe`.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { rebuildPlacements } from '../../src/modules/chain/index.js';
import type { DemoCounts } from '../../src/modules/demo/index.js';
import { loadDemoData } from '../../src/modules/demo/index.js';
import { createTestApp, type DbEngine, type TestApp, type TestEnvOptions } from '../helpers/app.js';
import { readStream, type StreamEventOf } from './stream.js';

export const CHAIN_DEMO: DemoCounts = {
  institutions: 40,
  investors: 200,
  projects: 900,
  reports: 6,
  news: 10,
};

export function useChainApp(engine: DbEngine, options: Omit<TestEnvOptions, 'engine'> = {}) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine, ...options });
    await t.app.ready();
    await loadDemoData(t.platform, { seed: 19, scale: CHAIN_DEMO, dataDir: t.config.dataDir });
    await rebuildPlacements(t.platform.database.db);
  }, 120_000);
  afterAll(() => t?.close());

  const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      payload,
      headers: { 'x-client-id': 'client-chain-1', ...headers },
    });
  /** The events of a streamed row, after checking it answered a stream. */
  const stream = async (url: string, payload: object = {}, headers: Record<string, string> = {}) => {
    const res = await post(url, payload, headers);
    expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    return readStream(res.body);
  };
  return {
    app: () => t.app,
    platform: () => t.platform,
    db: () => t.platform.database.db,
    post,
    stream,
  };
}

export type { StreamEventOf };
