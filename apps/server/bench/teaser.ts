/**
 * `npm run bench:teaser`: teasers on this machine, PGlite, the server in a process of its own
 * (the load generator must not share its thread).
 * 1. BENCH_TEASERS published teasers (default 10,000) by 200 founders, with all seven sections.
 * 2. aiGenerateTeaser on the local engine: BENCH_GENERATE runs (default 40, by 4 founders so the
 *    per-user limit of 20 a minute is not hit); time to the first event and to the end.
 * 3. getOnlineTeaserList: one client for 10 s, then concurrency BENCH_CONCURRENCY (default 8)
 *    for 10 s each, pages 1–5 unfiltered, then filtered by industry and stage (one client, then
 *    BENCH_CONCURRENCY); p50/p95/p99; and the plan of a filtered page (the GIN index on industries).
 * Targets (issue 17): first event < 500 ms; online list p95 < 50 ms at 10k teasers.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { teasers, users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import { listWhere, NEWEST_FIRST } from '../src/modules/teaser/feeds.js';
import { selectRows } from '../src/platform/database/index.js';
import { createPlatform } from '../src/platform/index.js';
import { runLoad } from './load-generator.js';
import { freePort, startServer, stopServer, waitForOk } from './server-process.js';

const TEASERS = Number(process.env.BENCH_TEASERS ?? 10_000);
const GENERATE = Number(process.env.BENCH_GENERATE ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TARGETS = { firstEvent: 500, listP95: 50 };
const INDUSTRIES = ['ai', 'nev', 'semiconductor', 'energy-storage', 'robotics', 'biomedicine'];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-bench-teaser-'));
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false' };
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' });
  const platform = await createPlatform(config);
  const founders: { id: number; cookie: string }[] = [];
  const drafts: number[] = [];
  let plan = '';
  let closed = false;
  try {
    await platform.database.migrate();
    const db = platform.database.db;
    const t0 = performance.now();
    const owners = await db
      .insert(users)
      .values(Array.from({ length: 200 }, (_, i) => ({ uguid: randomUUID(), name: `创始人${i}` })))
      .returning({ id: users.id });
    const ownerIds = owners.map((o) => o.id);
    await db.execute(sql`
      insert into teasers (owner_id, status, source, title, company_name, industry_id, industries, stage, amount,
        region_code, tags, facts, sections, contacts, view_count, published_at, created_at, updated_at)
      select (${sql.raw(`ARRAY[${ownerIds.join(',')}]`)})[1 + (g % 200)], 'published', 'form',
        '领域企业 · 第' || g || '号', '某某科技有限公司' || g,
        (${sql.raw(`ARRAY['${INDUSTRIES.join("','")}']`)})[1 + (g % 6)],
        ARRAY[(${sql.raw(`ARRAY['${INDUSTRIES.join("','")}']`)})[1 + (g % 6)]],
        1 + (g % 5), 500 + (g % 50) * 100, '440300', ARRAY['标签' || (g % 30)], '{}'::jsonb,
        jsonb_build_object('intro', '该公司专注于工业场景的智能化改造，服务制造业客户，第' || g || '号。',
          'product', '自研软硬件一体化平台。', 'market', '目标市场为制造业数字化。', 'team', '核心团队来自头部企业。',
          'metrics', '2025年营收' || (g % 90) || '百万元。', 'financing', '本轮融资用于研发与市场拓展。', 'highlights', '- 技术领先'),
        '{"name":"张三","phone":"13800000000","email":"","wechat":""}'::jsonb, g % 50,
        now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
      from generate_series(1, ${TEASERS}) g`);
    const seedSeconds = (performance.now() - t0) / 1000;
    for (let i = 0; i < 4; i++) {
      const [user] = await db
        .insert(users)
        .values({ uguid: randomUUID(), name: `压测创始人${i}` })
        .returning();
      const { token } = await createSession(db, user!.id);
      founders.push({ id: user!.id, cookie: `${SESSION_COOKIE}=${token}` });
      const [row] = await db
        .insert(teasers)
        .values({
          ownerId: user!.id,
          source: 'form',
          title: '人工智能领域企业 · A轮融资',
          companyName: '深圳市星图智能科技有限公司',
          industryId: 'ai',
          industries: ['ai'],
          stage: 3,
          amount: 3000,
          regionCode: '440300',
          foundedYear: 2019,
          tags: ['工业质检'],
          facts: {
            description: '公司专注工业视觉检测，产品已在汽车零部件与电子制造行业落地。',
            products: '自研缺陷检测算法平台，支持小样本训练。已取得发明专利12项。',
            team: '创始人张伟，清华大学博士，10年机器视觉经验。',
            metrics: '2025年营收4200万元，同比增长120%。服务客户86家。',
            useOfFunds: '本轮资金用于研发投入与华东市场拓展。',
          },
          sourceText: '公司专注工业视觉检测。'.repeat(200),
        })
        .returning({ id: teasers.id });
      drafts.push(row!.id);
    }
    // The plans of a filtered page and of its total (industry and stage) at this size, with
    // fresh statistics as the server's teaser.analyze job leaves them.
    await db.execute(sql`analyze teasers`);
    const where = listWhere({ page: 1, pageSize: 20, industry: INDUSTRIES[1], stage: 2 });
    for (const query of [
      sql`select id from teasers where ${where} order by ${sql.join(NEWEST_FIRST, sql`, `)} limit 20`,
      sql`select count(*) from teasers where ${where}`,
    ]) {
      const rows = await selectRows<Record<string, string>>(db, sql`explain analyze ${query}`);
      plan += `${rows.map((r) => Object.values(r)[0]).join('\n')}\n`;
    }
    await platform.close();
    closed = true;

    const port = await freePort();
    const child = startServer({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port) });
    const server = `http://127.0.0.1:${port}`;
    const first: number[] = [];
    const total: number[] = [];
    let single: Awaited<ReturnType<typeof runLoad>>;
    let online: Awaited<ReturnType<typeof runLoad>>;
    let filteredSingle: Awaited<ReturnType<typeof runLoad>>;
    let filtered: Awaited<ReturnType<typeof runLoad>>;
    try {
      await waitForOk(`${server}/api/health`, {}, child, '服务', 300_000);
      for (let i = 0; i < GENERATE; i++) {
        const who = founders[i % founders.length]!;
        const start = performance.now();
        const res = await fetch(`${server}/api/teaser/aiGenerateTeaser`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: who.cookie },
          body: JSON.stringify({ id: drafts[i % drafts.length] }),
        });
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        let firstAt = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          if (!firstAt && buffer.includes('data: ')) firstAt = performance.now() - start;
        }
        if (!buffer.includes('"isend":true')) throw new Error(`撰写未正常结束：${buffer.slice(0, 200)}`);
        first.push(firstAt);
        total.push(performance.now() - start);
      }
      const list = (body: object) => ({
        method: 'POST' as const,
        path: '/api/teaser/getOnlineTeaserList',
        body,
      });
      // One client first: the latency of a request when it does not queue behind the others.
      single = await runLoad({
        baseUrl: server,
        concurrency: 1,
        durationMs: 10_000,
        next: (i) => list({ page: 1 + (i % 5), pageSize: 20 }),
      });
      online = await runLoad({
        baseUrl: server,
        concurrency: CONCURRENCY,
        durationMs: 10_000,
        next: (i) => list({ page: 1 + (i % 5), pageSize: 20 }),
      });
      filteredSingle = await runLoad({
        baseUrl: server,
        concurrency: 1,
        durationMs: 10_000,
        next: (i) =>
          list({ page: 1 + (i % 3), pageSize: 20, industry: INDUSTRIES[i % 6], stage: 1 + (i % 5) }),
      });
      filtered = await runLoad({
        baseUrl: server,
        concurrency: CONCURRENCY,
        durationMs: 10_000,
        next: (i) =>
          list({ page: 1 + (i % 3), pageSize: 20, industry: INDUSTRIES[i % 6], stage: 1 + (i % 5) }),
      });
    } finally {
      await stopServer(child);
    }
    const f = (n: number) => n.toFixed(0);
    console.info(
      `\n机器：${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}（1/5/15 分钟负载）`,
    );
    console.info(`已发布 Teaser：${TEASERS}（写入 ${seedSeconds.toFixed(1)} 秒）`);
    console.info(
      '\n| aiGenerateTeaser（本地引擎） | 次数 | 首个事件 p50 / p95 / 最大 ms | 完整 p50 / p95 ms |',
    );
    console.info('|---|---|---|---|');
    console.info(
      `| 表单来源，七个部分 | ${GENERATE} | ${f(percentile(first, 50))} / ${f(percentile(first, 95))} / ${f(Math.max(...first))} | ${f(percentile(total, 50))} / ${f(percentile(total, 95))} |`,
    );
    console.info(`\n| getOnlineTeaserList（各 10 秒） | 请求 | 错误 | 每秒 | p50 / p95 / p99 ms |`);
    console.info('|---|---|---|---|---|');
    for (const [label, r] of [
      ['最新，第 1–5 页，并发 1', single],
      [`最新，第 1–5 页，并发 ${CONCURRENCY}`, online],
      ['按行业与轮次筛选，并发 1', filteredSingle],
      [`按行业与轮次筛选，并发 ${CONCURRENCY}`, filtered],
    ] as const)
      console.info(
        `| ${label} | ${r.requests} | ${r.errors}${r.firstError ? `（${r.firstError}）` : ''} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)} |`,
      );
    console.info(`\n筛选的执行计划（${INDUSTRIES[1]}，轮次 2；一页，然后总数）：\n${plan}`);
    const firstMax = percentile(first, 95);
    const listP95 = single.p95;
    console.info(
      `\n目标：首个事件 p95 < ${TARGETS.firstEvent} ms ${firstMax < TARGETS.firstEvent ? '达到' : '未达到'}；` +
        `在线列表 p95（并发 1）< ${TARGETS.listP95} ms ${listP95 < TARGETS.listP95 ? '达到' : '未达到'}；` +
        `筛选后 p95（并发 1）${filteredSingle.p95.toFixed(1)} ms ${filteredSingle.p95 < TARGETS.listP95 ? '达到' : '未达到'}`,
    );
  } finally {
    if (!closed) await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
