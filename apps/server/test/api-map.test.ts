/**
 * Every row of ../shared/API.md whose module is live answers at its path, and guards it
 * as the row says: a signed-out call to an L, V, VIP or ADM row is refused with 401 (not
 * 404), and a P or A row never asks for a sign-in. Rows of modules still behind the
 * coming-soon notice are listed but not required. Skipped where API.md is not beside the repo.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FeatureKey, isFeatureEnabled } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

const API_MD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/API.md');

/** API.md's module names → the feature flag that puts them live. */
const MODULE_FEATURE: Record<string, FeatureKey> = {
  account: 'account',
  billing: 'billing',
  library: 'library',
  matching: 'matching',
  assistant: 'assistant',
  tracking: 'account',
  analysis: 'analysis',
  chain: 'chain',
  knowledge: 'knowledge',
  teaser: 'teaser',
  interview: 'interview',
  news: 'news',
  comments: 'comments',
  im: 'im',
};

interface Row {
  method: string;
  url: string;
  access: string;
  module: string;
}

function readRows(): Row[] {
  const rows: Row[] = [];
  let module = 'platform';
  for (const line of readFileSync(API_MD, 'utf8').split('\n')) {
    const heading = line.match(/^## .*\(module: (\w+)\)/);
    if (heading) module = heading[1]!;
    else if (line.startsWith('## ')) module = 'platform';
    const row = line.match(/^\| (GET|POST|PUT|DELETE|PATCH) (\/\S+) \| (\w+) \|/);
    if (!row) continue;
    const url = row[2]!.replace('{product}', 'jq').replace(/\{[^}]+\}/g, '1');
    rows.push({ method: row[1]!, url, access: row[3]!, module });
  }
  return rows;
}

const hasApiMap = existsSync(API_MD);
const rows = hasApiMap ? readRows() : [];
const live = rows.filter((row) => {
  const feature = MODULE_FEATURE[row.module];
  return row.module === 'platform' || (feature !== undefined && isFeatureEnabled(feature));
});

describe.skipIf(!hasApiMap)('the API map (API.md) on the live modules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
  });
  afterAll(() => t.close());

  it('reads the rows of every live module', () => {
    expect(live.length).toBeGreaterThan(100);
    for (const module of ['account', 'library', 'billing', 'matching', 'assistant']) {
      expect(live.some((row) => row.module === module)).toBe(true);
    }
  });

  it('answers every live row at its path and guards it with its access level', async () => {
    const wrong: string[] = [];
    for (const row of live) {
      if (row.url === '/metrics' || row.url.startsWith('/api/docs')) continue;
      const res = await t.app.inject({
        method: row.method as 'GET',
        url: row.url,
        ...(row.method === 'GET' ? {} : { payload: {} }),
      });
      const code = res.headers['content-type']?.toString().includes('json') ? res.json().code : undefined;
      if (res.statusCode === 404 && code === -404) wrong.push(`${row.method} ${row.url}: 接口不存在`);
      else if (['L', 'V', 'VIP', 'ADM'].includes(row.access) && res.statusCode !== 401)
        wrong.push(`${row.method} ${row.url} (${row.access}): 未登录时得到 ${res.statusCode}`);
      else if (['P', 'A'].includes(row.access) && res.statusCode === 401)
        wrong.push(`${row.method} ${row.url} (${row.access}): 不应要求登录`);
      // -501 is the catalogue's "not configured here" (WeChat without its keys), not a failure.
      else if (res.statusCode >= 500 && code !== -501)
        wrong.push(`${row.method} ${row.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
