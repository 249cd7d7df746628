/**
 * `npm run bench:search`: the library search under load, over real HTTP. Generates the
 * benchmark set with the demo generator (`--scale`: 100,000 projects, 20,000 investors),
 * loads it into PGlite and — when PostgreSQL answers on 127.0.0.1 — into a fresh random
 * PostgreSQL database (dropped after), starts the real server in a child process on a free
 * port for each, and drives it at concurrency 20: project fuzzy search over a keyword mix,
 * institution search, a saved filtered full search, and GET /api/health as the ceiling.
 * Prints p50/p95/p99 and requests per second against the targets; `--write-docs` records
 * the table in docs/benchmarks.md under "## 搜索".
 *
 * Each engine is measured twice on the same data: with the search cache as deployed
 * (SEARCH_CACHE_SECONDS=30) and without it (0), which is what a never-seen search costs.
 * Measuring starts once the server's search index and match index are both ready (searches
 * take the SQL path until then); the seconds from spawning the process to each, and the
 * server's RSS then (and its peak), are reported: the start-up and memory figures.
 *
 * Options: --engines pglite,postgresql  --duration 15 (s per scenario)  --concurrency 20
 *          --seed N  --cache on|off|both  --fresh (regenerate the PGlite set)
 *          --small (the default-size set, to try the bench quickly)  --write-docs
 * Env: BENCH_SERVER_LOG=<file> appends the server's info log there (start-up phases; it also
 *      logs every request, so throughput is lower in such a run);
 *      BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=<dir>" profiles the server (written
 *      when it stops; the last 4 × (2 + duration) seconds are the four scenarios in order).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { type DemoDataset, generateDemoData, resolveCounts } from '../src/modules/demo/index.js';
import { type BenchData, prepareBenchData } from './bench-data.js';
import { type BenchRequest, combineLoads, type LoadResult, runLoad } from './load-generator.js';
import { type EngineReport, printReport, writeDocsSection } from './report.js';
import {
  freePort,
  measureStartup,
  pgliteBenchDir,
  rssMb,
  startServer,
  stopServer,
} from './server-process.js';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_P95_MS = { pglite: 50, postgresql: 20 } as const;

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    duration: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '20' },
    seed: { type: 'string', default: '20261122' },
    cache: { type: 'string', default: 'both' },
    fresh: { type: 'boolean', default: false },
    small: { type: 'boolean', default: false },
    'write-docs': { type: 'boolean', default: false },
  },
});
const seed = Number(args.seed);
const durationMs = Number(args.duration) * 1000;
/** Each search is measured in this many slices, taking turns with health. */
const SLICES = 3;
const concurrency = Number(args.concurrency);
const scaleName = args.small ? 'default' : 'large';
const cacheModes = args.cache === 'on' ? [true] : args.cache === 'off' ? [false] : [true, false];
type Engine = 'pglite' | 'postgresql';

// Reports are left out: search never reads them, and rendering their PDFs in the
// background would compete with the server for the CPU during the measurement.
const counts = { ...resolveCounts(scaleName), reports: 0 };
let dataset: DemoDataset | undefined;
function getDataset(): DemoDataset {
  if (!dataset) {
    const t0 = performance.now();
    console.info(
      `生成 ${counts.projects} 个项目、${counts.investors} 位投资人、${counts.institutions} 家机构（种子 ${seed}）…`,
    );
    dataset = generateDemoData({ seed, scale: counts });
    console.info(`  生成用时 ${Math.round((performance.now() - t0) / 1000)} 秒`);
  }
  return dataset;
}

async function isPostgresUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function scenarios(data: BenchData) {
  const json = (path: string, body: unknown, headers?: Record<string, string>): BenchRequest => ({
    method: 'POST',
    path,
    body,
    ...(headers ? { headers } : {}),
  });
  return [
    {
      name: 'GET /api/health（上限）',
      key: 'health',
      next: (): BenchRequest => ({ method: 'GET', path: '/api/health' }),
    },
    {
      name: 'ProjectFuzzySearch（关键词混合）',
      key: 'project',
      next: (i: number) => {
        const keyword = data.projectKeywords[i % data.projectKeywords.length]!;
        // Now and then the second page, or newest first, as users page and re-sort.
        const page = i % 7 === 6 ? 2 : 1;
        return json('/api/acproject/ProjectFuzzySearch', {
          keyword,
          page,
          ...(i % 11 === 10 ? { sort: 'latest' } : {}),
        });
      },
    },
    {
      name: 'OrgFuzzySearch（机构简称与主题）',
      key: 'org',
      next: (i: number) =>
        json('/api/acorg/OrgFuzzySearch', { keyword: data.orgKeywords[i % data.orgKeywords.length] }),
    },
    {
      name: 'ProjectFullSearchResult（筛选条件的高级搜索）',
      key: 'full',
      next: (i: number) =>
        json(
          '/api/acproject/ProjectFullSearchResult',
          { id: data.savedSearchIds[i % data.savedSearchIds.length], page: 1 + (Math.floor(i / 8) % 3) },
          { cookie: data.cookie },
        ),
    },
  ];
}

async function measure(engine: Engine, env: Record<string, string>, data: BenchData, isCached: boolean) {
  const serverEnv = { ...env, PORT: String(await freePort()), SEARCH_CACHE_SECONDS: isCached ? '30' : '0' };
  console.info(`[${engine}] 启动服务（端口 ${serverEnv.PORT}，搜索缓存${isCached ? '开启' : '关闭'}）…`);
  const spawnedAt = performance.now();
  const child = startServer(serverEnv);
  try {
    const baseUrl = `http://127.0.0.1:${serverEnv.PORT}`;
    const startup = await measureStartup(baseUrl, child, spawnedAt);
    console.info(
      `  启动后 ${startup.listenSeconds.toFixed(1)} 秒可访问，搜索索引 ${startup.searchSeconds.toFixed(1)} 秒、撮合索引 ${startup.matchSeconds.toFixed(1)} 秒就绪；RSS ${startup.rssListenMb} → ${startup.rssReadyMb} MB（峰值 ${startup.rssPeakMb} MB），${startup.idleSeconds.toFixed(0)} 秒后空闲时 ${startup.rssSettledMb} MB`,
    );
    const [health, ...searches] = scenarios(data);
    const run = (scenario: typeof health, ms: number) =>
      runLoad({ baseUrl, concurrency, durationMs: ms, next: scenario!.next });
    const results: Record<string, LoadResult> = {};
    const pairedHealth: Record<string, LoadResult> = {};
    const healthSlices: LoadResult[] = [];
    await run(health, 2000);
    for (const scenario of searches) {
      // Warm-up: connections, JIT, the vocabulary; not measured.
      await run(scenario, 2000);
      // Health and the search take turns, so both meet the same load from the rest of the machine.
      const slices: LoadResult[] = [];
      const paired: LoadResult[] = [];
      for (let k = 0; k < SLICES; k++) {
        paired.push(await run(health, durationMs / SLICES));
        slices.push(await run(scenario, durationMs / SLICES));
      }
      const r = combineLoads(slices);
      results[scenario.key] = r;
      pairedHealth[scenario.key] = combineLoads(paired);
      healthSlices.push(...paired);
      console.info(
        `  ${scenario.name}: ${r.rps.toFixed(0)} 次/秒（同时段 health ${pairedHealth[scenario.key]!.rps.toFixed(0)}），p50 ${r.p50.toFixed(1)} ms，p95 ${r.p95.toFixed(1)} ms，p99 ${r.p99.toFixed(1)} ms${r.errors ? `，错误 ${r.errors}（${r.firstError}）` : ''}`,
      );
    }
    results[health!.key] = combineLoads(healthSlices);
    return { results, pairedHealth, startup: { ...startup, rssEndMb: rssMb(child) } };
  } finally {
    await stopServer(child);
  }
}

async function benchEngine(engine: Engine): Promise<EngineReport[]> {
  const dataDir =
    engine === 'pglite'
      ? await pgliteBenchDir(scaleName, seed, args.fresh)
      : await mkdtemp(path.join(tmpdir(), 'jq-bench-'));
  const database = engine === 'postgresql' ? `jq_bench_${randomBytes(5).toString('hex')}` : undefined;
  try {
    if (database) await adminQuery(`create database ${database}`);
    const url = database
      ? Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${database}` }).toString()
      : undefined;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ...(url ? { DATABASE_URL: url } : {}),
    };
    console.info(`\n[${engine}] 准备数据…`);
    const data = await prepareBenchData(
      loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      getDataset,
    );
    const names = Object.fromEntries(scenarios(data).map((s) => [s.key, s.name]));
    const reports: EngineReport[] = [];
    for (const isCached of cacheModes) {
      const { results, pairedHealth, startup } = await measure(engine, env, data, isCached);
      reports.push({
        engine,
        isCached,
        targetP95: TARGET_P95_MS[engine],
        targetShare: isCached ? 0.25 : 0.5,
        pairedHealth,
        projects: data.projects,
        institutions: data.institutions,
        names,
        results,
        startup,
      });
    }
    return reports;
  } finally {
    if (database) await adminQuery(`drop database if exists ${database} with (force)`).catch(() => {});
    if (engine !== 'pglite') await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const wanted = args.engines.split(',').map((e) => e.trim());
  const engines: Engine[] = [];
  if (wanted.includes('pglite')) engines.push('pglite');
  if (wanted.includes('postgresql')) {
    if (await isPostgresUp()) engines.push('postgresql');
    else console.info('PostgreSQL 未在 127.0.0.1 上运行，跳过');
  }
  const environment = {
    date: new Date().toISOString().slice(0, 10),
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    load: loadavg()
      .map((n) => n.toFixed(1))
      .join(' / '),
    node: process.version,
    concurrency,
    durationSeconds: durationMs / 1000,
    seed,
  };
  const reports: EngineReport[] = [];
  for (const engine of engines) reports.push(...(await benchEngine(engine)));
  const table = printReport(reports, environment);
  if (args['write-docs']) await writeDocsSection(table);
}

main().catch((error) => {
  console.error('压测失败：', error);
  process.exit(1);
});
