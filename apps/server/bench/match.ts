/**
 * `npm run bench:match`: matching under load over real HTTP, on the search benchmark's
 * dataset (`--scale`: 100,000 projects, 20,000 investors; the PGlite copy under data/bench
 * is shared with bench:search and reused while the migrations are unchanged). Starts the
 * real server in a child process (PGlite), waits for the match index (and the library's
 * search index, which is built in the background and would compete for the CPU) to be
 * ready, then measures one request at a time (latency: the p95 targets are for one match)
 * and at concurrency 10 (throughput, beside GET /api/health):
 *
 * - project → investors with reasons: getRecommendInvestorsStream (top 10, streamed with
 *   reasons, read to the last event) for a random library project each request;
 * - investor → projects: aiprojectpage (page of 20 with reasons) as a random investor.
 *
 * Random picks over the whole library keep the per-process ranked-list cache from
 * answering (a repeat is rare). Options: --duration 15  --concurrency 10  --seed N
 * --small (the default 10,000-project set)  --fresh
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { type DemoDataset, generateDemoData, resolveCounts } from '../src/modules/demo/index.js';
import { prepareBenchData } from './bench-data.js';
import { type BenchRequest, type LoadResult, runLoad } from './load-generator.js';
import {
  freePort,
  pgliteBenchDir,
  rssMb,
  startServer,
  stopServer,
  waitForOk,
  waitForSearchIndex,
} from './server-process.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '10' },
    seed: { type: 'string', default: '20261122' },
    small: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
  },
});
const seed = Number(args.seed);
const durationMs = Number(args.duration) * 1000;
const concurrency = Number(args.concurrency);
const scaleName = args.small ? 'default' : 'large';
const counts = { ...resolveCounts(scaleName), reports: 0 };
const TARGETS = { toInvestors: 100, toProjects: 150 };

function getDataset(): DemoDataset {
  console.info(`生成 ${counts.projects} 个项目、${counts.investors} 位投资人（种子 ${seed}）…`);
  return generateDemoData({ seed, scale: counts });
}

async function main() {
  // The same folder as bench:search: one generated set serves both.
  const dataDir = await pgliteBenchDir(scaleName, seed, args.fresh);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
  };
  console.info(`[pglite] 准备数据（${dataDir}）…`);
  await prepareBenchData(loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }), getDataset);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startServer({ ...env, PORT: String(port) });
  try {
    await waitForOk(`${baseUrl}/api/health`, {}, child, '服务');
    const rssBefore = rssMb(child);
    const t0 = performance.now();
    await waitForOk(
      `${baseUrl}/api/chat/aiprojectpage`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ institutionId: 1 }),
      },
      child,
      '撮合索引',
    );
    const buildSeconds = (performance.now() - t0) / 1000;
    if ((await waitForSearchIndex(baseUrl, child, 300_000)) === null) {
      console.info('（搜索索引 5 分钟内未就绪，照常开始测量）');
    }
    const rssAfter = rssMb(child);
    console.info(`撮合索引就绪：${buildSeconds.toFixed(1)} 秒，服务进程 RSS ${rssBefore} → ${rssAfter} MB`);
    let state = seed;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return 1 + (state % n);
    };
    const post = (p: string, body: unknown): BenchRequest => ({ method: 'POST', path: p, body });
    const scenarios = [
      {
        key: 'health',
        name: 'GET /api/health（上限）',
        next: (): BenchRequest => ({ method: 'GET', path: '/api/health' }),
      },
      {
        key: 'toInvestors',
        name: '项目 → 投资人（前 10 位，附理由，流式读完）',
        next: () =>
          post('/api/brochure/getRecommendInvestorsStream', { pid: random(counts.projects), limit: 10 }),
      },
      {
        key: 'toProjects',
        name: '投资人 → 项目（第 1 页 20 个，附理由）',
        next: () => post('/api/chat/aiprojectpage', { investorId: random(counts.investors), pageSize: 20 }),
      },
    ] as const;
    const runs: { scenario: (typeof scenarios)[number]; concurrency: number; result: LoadResult }[] = [];
    for (const scenario of scenarios) {
      for (const c of scenario.key === 'health' ? [concurrency] : [1, concurrency]) {
        await runLoad({ baseUrl, concurrency: c, durationMs: 2000, next: scenario.next });
        const result = await runLoad({ baseUrl, concurrency: c, durationMs, next: scenario.next });
        runs.push({ scenario, concurrency: c, result });
        console.info(
          `  ${scenario.name}，并发 ${c}: ${result.rps.toFixed(1)} 次/秒，p50 ${result.p50.toFixed(1)} ms，p95 ${result.p95.toFixed(1)} ms${result.errors ? `，错误 ${result.errors}（${result.firstError}）` : ''}`,
        );
      }
    }
    const health = runs[0]!.result.rps;
    console.info(
      `\n测得于 ${new Date().toISOString().slice(0, 10)}：${cpus().length} × ${cpus()[0]?.model ?? '?'}，负载 ${loadavg()
        .map((n) => n.toFixed(1))
        .join(
          ' / ',
        )}，Node ${process.version}；PGlite，${counts.projects} 个项目、${counts.investors} 位投资人；每项 ${durationMs / 1000} 秒；索引构建 ${buildSeconds.toFixed(1)} 秒，RSS ${rssBefore} → ${rssAfter} MB（压测后 ${rssMb(child)} MB）\n`,
    );
    console.info(
      '| 接口 | 并发 | 请求数 | 次/秒 | 占 health | p50 ms | p95 ms | p99 ms | 错误 | 目标 p95（单个请求） | 达标 |',
    );
    console.info('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const { scenario, concurrency: c, result: r } of runs) {
      const target = scenario.key === 'health' || c !== 1 ? undefined : TARGETS[scenario.key];
      console.info(
        `| ${scenario.name} | ${c} | ${r.requests} | ${r.rps.toFixed(1)} | ${c === 1 ? '—' : `${((100 * r.rps) / health).toFixed(0)}%`} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${target ? `< ${target}` : '—'} | ${target ? (r.p95 < target && !r.errors ? '是' : '否') : '—'} |`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

main().catch((error) => {
  console.error('压测失败：', error);
  process.exit(1);
});
