/**
 * `npm run bench:chat`: the AI assistant's local engine over real HTTP on the default demo
 * data (10,000 projects, 200 reports; seed 20261122). Asks a fixed set of 30 questions (20
 * retrieval questions and, since issue 15, 10 analytic ones), one
 * at a time, ROUNDS times each (a new conversation per question, each asker a signed-in
 * user well inside the free quota), and prints the time to the first event and to the
 * last (`isend`) as p50/p95, beside GET /api/health's latency and throughput.
 * Targets (issue 6): first event p95 < 300 ms, full answer p95 < 1.5 s.
 * BENCH_ROUNDS (default 5), BENCH_SECONDS (health, default 5).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import { loadDemoData } from '../src/modules/demo/index.js';
import { createPlatform } from '../src/platform/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TURNS_PER_USER = 8;
const TARGETS = { firstMs: 300, fullMs: 1500 };

const QUESTIONS = [
  '帮我找新能源汽车领域的A轮项目',
  '储能行业的市场规模有多大',
  '推荐几家关注人工智能的投资机构',
  '深圳有哪些天使轮的医疗健康项目',
  '半导体行业的发展趋势是什么',
  '哪些机构近两年投资了机器人项目',
  '企业服务SaaS赛道的B轮项目有哪些',
  '光伏产业链的主要环节有哪些',
  '如何准备一份商业计划书',
  '医疗器械行业的政策环境怎样',
  '帮我找上海的人工智能初创公司',
  '消费品牌领域有哪些活跃的投资人',
  '锂电池的技术路线有哪些',
  '怎样提高融资成功率',
  '新能源汽车行业的竞争格局如何',
  '推荐关注Pre-A轮的早期基金',
  '生物医药行业的融资情况',
  '杭州有哪些正在融资的项目',
  '集成电路设计公司的估值方法',
  '如何在平台上解锁项目联系方式',
  // Analytic questions (issue 15): aggregates, rankings, comparisons, matching, talk.
  '新能源汽车A轮融资的平均金额是多少',
  '最近一年人工智能领域最活跃的投资机构有哪些',
  '哪个行业最近一年融资笔数最多',
  '2024年以来各轮次的平均融资金额',
  '半导体融资金额中位数',
  '最近一年最活跃的投资人有哪些',
  '对比红杉资本和高瓴资本',
  '我们是做储能的A轮公司，想融5000万，应该找哪些机构',
  '我的投资方向是人工智能早期项目，有哪些项目符合',
  '你好',
];

/** Questions from this index on are the analytic ones (issue 15). */
const ANALYTIC_FROM = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => n.toFixed(1);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-bench-chat-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
  });
  const platform = await createPlatform(config);
  try {
    await platform.database.migrate();
    const t0 = performance.now();
    await loadDemoData(platform, { scale: 'default' });
    console.info(`演示数据已加载（${((performance.now() - t0) / 1000).toFixed(1)} 秒）`);
    const app = await buildApp({ config, platform });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const db = platform.database.db;

    let cookie = '';
    let turns = TURNS_PER_USER;
    const nextCookie = async () => {
      if (turns >= TURNS_PER_USER) {
        const [user] = await db.insert(users).values({ uguid: randomUUID(), name: '压测用户' }).returning();
        cookie = `jq_session=${(await createSession(db, user!.id)).token}`;
        turns = 0;
      }
      turns++;
      return cookie;
    };
    const post = (url: string, body: object, headers: Record<string, string>) =>
      fetch(`${base}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });

    async function ask(question: string) {
      const headers = { cookie: await nextCookie() };
      const created = (await (await post('/chat/createchat', {}, headers)).json()) as {
        code: number;
        data: { chatuuid: string };
      };
      if (created.code !== 1000) throw new Error(`createchat: ${JSON.stringify(created)}`);
      const started = performance.now();
      const res = await post('/chat/schat', { chatuuid: created.data.chatuuid, question }, headers);
      if (!res.body) throw new Error(`schat: HTTP ${res.status}`);
      const decoder = new TextDecoder();
      let first = 0;
      let text = '';
      let ended = false;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        if (!first && text.includes('data:')) first = performance.now() - started;
        if (text.includes('"isend":true')) {
          ended = true;
          break;
        }
      }
      if (!ended) throw new Error(`schat 未收到结束事件：${question}\n${text.slice(0, 300)}`);
      return { first, full: performance.now() - started };
    }

    for (const question of QUESTIONS.slice(0, 3)) await ask(question); // warm-up
    const firsts: number[] = [];
    const fulls: number[] = [];
    const analyticFirsts: number[] = [];
    const analyticFulls: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const question of QUESTIONS) {
        const { first, full } = await ask(question);
        firsts.push(first);
        fulls.push(full);
        if (QUESTIONS.indexOf(question) >= ANALYTIC_FROM) {
          analyticFirsts.push(first);
          analyticFulls.push(full);
        }
      }
    }

    const healthTimes: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    const healthStart = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < deadline) {
          const at = performance.now();
          await (await fetch(`${base}/api/health`)).arrayBuffer();
          healthTimes.push(performance.now() - at);
        }
      }),
    );
    const healthRps = healthTimes.length / ((performance.now() - healthStart) / 1000);

    const load = loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
    console.info(`\n测得于 ${new Date().toISOString().slice(0, 10)}，负载 ${load}，Node ${process.version}`);
    console.info(
      `${QUESTIONS.length} 个问题 × ${ROUNDS} 轮 = ${fulls.length} 次回答，逐个提问（本地引擎）\n`,
    );
    console.info('| 指标 | p50 ms | p95 ms | 目标 p95 | 达标 |');
    console.info('|---|---:|---:|---:|---|');
    const row = (name: string, values: number[], target: number) => {
      const p95 = percentile(values, 95);
      console.info(
        `| ${name} | ${ms(percentile(values, 50))} | ${ms(p95)} | < ${target} | ${p95 < target ? '是' : '否'} |`,
      );
    };
    row('首个事件', firsts, TARGETS.firstMs);
    row('完整回答', fulls, TARGETS.fullMs);
    row('其中分析类：首个事件', analyticFirsts, TARGETS.firstMs);
    row('其中分析类：完整回答', analyticFulls, TARGETS.fullMs);
    console.info(
      `| GET /api/health（并发 10，${Math.round(healthRps)} 次/秒） | ${ms(percentile(healthTimes, 50))} | ${ms(percentile(healthTimes, 95))} | — | — |`,
    );
    await app.close();
  } finally {
    await platform.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
