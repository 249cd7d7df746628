/**
 * `npm run bench:kb`: the knowledge base on this machine, over real HTTP on PGlite.
 * 1. Ingest: BENCH_PDFS text PDFs (default 20 × 10 pages, Chinese in an embedded font) through
 *    the whole path — sliced upload, kb/create, the parse job (parse, chunk, tokenize, index)
 *    — one job at a time as the server runs them; pages per second from the first upload to
 *    the last file ready.
 * 2. A base of BENCH_FILES files (default 1,000 Markdown files of three sections by six
 *    authors, all public), registered and parsed by the same job.
 * 3. kbchat against the real server in its own process on the same data (the load generator
 *    must not share the server's thread): BENCH_TURNS questions (default 100), each in a new
 *    conversation over 200 of the 1,000 files (the most one conversation takes), and over one
 *    file; time to the first event, the first answer text and the end, p50/p95.
 * Targets (issue 16): ingest ≥ 5 pages/s; kbchat first event p95 < 500 ms over 1,000 files.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { balances, users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import { createFile } from '../src/modules/knowledge/files.js';
import { selectRows } from '../src/platform/database/index.js';
import { createPlatform } from '../src/platform/index.js';
import { embeddedFontPdf } from '../test/parsing/fixtures.js';
import { freePort, startServer, stopServer, waitForOk } from './server-process.js';

const PDFS = Number(process.env.BENCH_PDFS ?? 20);
const PDF_PAGES = Number(process.env.BENCH_PAGES ?? 10);
const FILES = Number(process.env.BENCH_FILES ?? 1000);
const TURNS = Number(process.env.BENCH_TURNS ?? 100);
const SCOPE = 200;
const TARGETS = { pagesPerSecond: 5, firstEventP95: 500 };

const TOPICS = [
  '储能',
  '光伏',
  '氢能',
  '半导体',
  '医疗器械',
  '机器人',
  '新能源汽车',
  '人工智能',
  '生物医药',
  '消费电子',
];
const QUESTIONS = [
  '储能项目的投资回收期是多少？',
  '光伏组件的毛利率大概多少？',
  '氢能产业链有哪些关键环节？',
  '半导体设备国产化率如何？',
  '医疗器械企业的主要风险是什么？',
  '机器人公司本轮融资金额多少？',
  '新能源汽车渗透率的预测是多少？',
  '人工智能项目的客户集中度高吗？',
  '生物医药企业的研发投入占比多少？',
  '消费电子行业的库存周期怎样？',
];

const SENTENCES = [
  '公司成立于二〇一八年，专注于{t}领域的研发、生产与运营服务。',
  '核心团队来自国内头部企业，平均从业经验超过十二年。',
  '二〇二四年实现营业收入{n}千万元，同比增长百分之{p}，毛利率百分之{g}。',
  '{t}项目的投资回收期约为{y}年，客户集中度较低，前五大客户收入占比约百分之{c}。',
  '本轮拟融资{n}千万元，主要用于产线扩建、海外市场拓展与新一代产品研发。',
  '主要风险包括原材料价格波动、政策调整与行业竞争加剧。',
];

function markdown(i: number): string {
  const t = TOPICS[i % TOPICS.length]!;
  const fill = (s: string, k: number) =>
    s
      .replaceAll('{t}', t)
      .replaceAll('{n}', String(3 + ((i * 7 + k) % 40)))
      .replaceAll('{p}', String(10 + ((i + k) % 80)))
      .replaceAll('{g}', String(12 + ((i * 3 + k) % 30)))
      .replaceAll('{y}', String(3 + ((i + k) % 6)))
      .replaceAll('{c}', String(20 + ((i * 5 + k) % 50)));
  const section = (title: string, k: number) =>
    `## ${title}\n${Array.from({ length: 8 }, (_, j) => fill(SENTENCES[(i + j + k) % SENTENCES.length]!, j + k)).join('')}`;
  return `# ${t}企业研究第 ${i + 1} 号\n\n${section('公司概况', 0)}\n\n${section('经营数据', 1)}\n\n${section('融资与风险', 2)}\n`;
}

function pdfPages(doc: number): string[][] {
  return Array.from({ length: PDF_PAGES }, (_, p) => [
    `第${p + 1}节 ${TOPICS[(doc + p) % TOPICS.length]}行业研究`,
    ...Array.from({ length: 4 }, (_, s) =>
      SENTENCES[(doc + p + s) % SENTENCES.length]!.replace(/\{\w\}/g, '三'),
    ),
  ]);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const ms = (n: number) => n.toFixed(0);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-bench-kb-'));
  const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false' };
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' });
  const platform = await createPlatform(config);
  let closed = false;
  try {
    await platform.database.migrate();
    const app = await buildApp({ config, platform });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const db = platform.database.db;
    const person = async (name: string, credits = 0) => {
      const [user] = await db.insert(users).values({ uguid: randomUUID(), name }).returning();
      if (credits) await db.insert(balances).values({ userId: user!.id, credits });
      const { token } = await createSession(db, user!.id);
      return { id: user!.id, cookie: `jq_session=${token}` };
    };
    const post = async (who: { cookie: string }, url: string, body: object) => {
      const res = await fetch(`${base}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: who.cookie },
        body: JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: the bench reads answers of several rows loosely.
      const json = (await res.json()) as { code: number; msg: string; data: any };
      if (json.code !== 1000) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    };
    const waitReady = async (ids: number[], timeoutMs: number) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await selectRows<{ n: string }>(
          db,
          sql`select count(*) as n from kb_files where id = any(${sql.raw(`ARRAY[${ids.join(',')}]::bigint[]`)})
            and status in ('ready', 'failed')`,
        );
        if (Number(row!.n) === ids.length) return;
        if (Date.now() > until) throw new Error('文件未能在时限内解析完成');
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // 1. Text PDFs through the whole upload and parse path.
    const uploader = await person('压测上传者');
    const pdfs: Buffer[] = [];
    for (let d = 0; d < PDFS; d++) pdfs.push(await embeddedFontPdf(pdfPages(d)));
    const t0 = performance.now();
    const pdfIds: number[] = [];
    for (const [d, bytes] of pdfs.entries()) {
      const ticket = await post(uploader, '/upload/start', {
        purpose: 'knowledge',
        filename: `研究${d}.pdf`,
        size: bytes.length,
      });
      for (const slice of ticket.slices as { index: number; url: string }[]) {
        const put = await fetch(new URL(slice.url, base), {
          method: 'PUT',
          headers: { cookie: uploader.cookie, 'content-type': 'application/octet-stream' },
          body: bytes.subarray(slice.index * ticket.sliceSize, (slice.index + 1) * ticket.sliceSize),
        });
        if (!put.ok) throw new Error(`分片上传失败：${put.status}`);
      }
      const uploaded = await post(uploader, '/upload/complete', { ticketId: ticket.ticketId });
      pdfIds.push((await post(uploader, '/kb/create', { uploadId: uploaded.id })).file.id);
    }
    await waitReady(pdfIds, 600_000);
    const pdfSeconds = (performance.now() - t0) / 1000;
    const pagesPerSecond = (PDFS * PDF_PAGES) / pdfSeconds;

    // 2. A base of many files by six authors, all public (the askers read them in the square).
    const asker = await person('压测作者');
    const owners = await Promise.all(Array.from({ length: 5 }, (_, i) => person(`作者${i}`)));
    const deps = { db, storage: platform.storage, jobs: platform.jobs, config: config.knowledge };
    const t1 = performance.now();
    const fileIds: number[] = [];
    for (let i = 0; i < FILES; i++) {
      const owner = i % 2 === 0 ? asker : owners[i % owners.length]!;
      const made = await createFile(
        deps,
        { userId: owner.id, clientId: '', ip: '127.0.0.1' },
        {
          bytes: Buffer.from(markdown(i)),
          filename: `${TOPICS[i % TOPICS.length]}研究${i}.md`,
        },
      );
      fileIds.push(made.file.id);
    }
    await waitReady(fileIds, 1_800_000);
    await db.execute(
      sql`update kb_files set visibility = 'public', published_at = now()
        where id = any(${sql.raw(`ARRAY[${fileIds.join(',')}]::bigint[]`)})`,
    );
    const filesSeconds = (performance.now() - t1) / 1000;
    const [counts] = await selectRows<{ pages: string; chunks: string }>(
      db,
      sql`select (select count(*) from kb_pages) as pages, (select count(*) from kb_chunks) as chunks`,
    );

    // 3. Questions, against the server in a process of its own on the same data.
    const askers = [];
    for (let i = 0; i * 15 < TURNS * 2; i++) askers.push(await person(`提问者${i}`, 100_000));
    await app.close();
    await platform.close();
    closed = true;
    const port = await freePort();
    const child = startServer({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port) });
    const server = `http://127.0.0.1:${port}`;
    const timings = { wide: [] as number[][], one: [] as number[][] };
    try {
      await waitForOk(`${server}/api/health`, {}, child, '服务', 300_000);
      const postTo = async (who: { cookie: string }, url: string, body: object) => {
        const res = await fetch(`${server}/api${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: who.cookie },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { code: number; msg: string; data: { chatuuid: string } };
        if (json.code !== 1000) throw new Error(`${url}: ${json.msg}`);
        return json.data;
      };
      for (let i = 0; i < TURNS; i++) {
        const who = askers[Math.floor((i * 2) / 15)]!;
        const question = QUESTIONS[i % QUESTIONS.length]!;
        for (const kind of ['wide', 'one'] as const) {
          const scope =
            kind === 'one'
              ? [fileIds[(i * 37) % fileIds.length]!]
              : Array.from({ length: SCOPE }, (_, k) => fileIds[(i * 131 + k * 7) % fileIds.length]!);
          const readable = kind === 'one' ? scope : [...new Set(scope)];
          const chat = await postTo(who, '/kb/kbchat_create', { fileIds: readable.filter((id) => id) });
          const start = performance.now();
          const res = await fetch(`${server}/api/kb/kbchat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: who.cookie },
            body: JSON.stringify({ chatuuid: chat.chatuuid, question }),
          });
          const reader = res.body!.getReader();
          const decoder = new TextDecoder();
          let first = 0;
          let firstText = 0;
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += decoder.decode(value, { stream: true });
            if (!first && buffer.includes('data: ')) first = performance.now() - start;
            if (!firstText && buffer.includes('"type":"delta"')) firstText = performance.now() - start;
          }
          if (!buffer.includes('"isend":true')) throw new Error('回答未正常结束');
          timings[kind].push([first, firstText, performance.now() - start]);
        }
      }
    } finally {
      await stopServer(child);
    }

    const row = (label: string, values: number[][]) => {
      const col = (k: number) => values.map((v) => v[k]!);
      return `| ${label} | ${values.length} | ${ms(percentile(col(0), 50))} / ${ms(percentile(col(0), 95))} | ${ms(percentile(col(1), 50))} / ${ms(percentile(col(1), 95))} | ${ms(percentile(col(2), 50))} / ${ms(percentile(col(2), 95))} |`;
    };
    const firstP95 = percentile(
      timings.wide.map((v) => v[0]!),
      95,
    );
    console.info(
      `\n机器：${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}（1/5/15 分钟负载）`,
    );
    console.info('\n| 入库 | 文件 | 页 | 用时 | 速度 |');
    console.info('|---|---|---|---|---|');
    console.info(
      `| 文字型 PDF（上传 → 可用） | ${PDFS} | ${PDFS * PDF_PAGES} | ${pdfSeconds.toFixed(1)} 秒 | ${pagesPerSecond.toFixed(1)} 页/秒 |`,
    );
    console.info(
      `| Markdown 知识库 | ${FILES} | ${counts!.pages}（${counts!.chunks} 块） | ${filesSeconds.toFixed(1)} 秒 | ${(FILES / filesSeconds).toFixed(1)} 个/秒 |`,
    );
    console.info(
      '\n| kbchat（本地引擎） | 次数 | 首个事件 p50 / p95 ms | 首段回答 p50 / p95 ms | 完整回答 p50 / p95 ms |',
    );
    console.info('|---|---|---|---|---|');
    console.info(row(`${SCOPE} 个文件（库中 ${FILES + PDFS} 个）`, timings.wide));
    console.info(row('1 个文件', timings.one));
    console.info(
      `\n目标：入库 ≥ ${TARGETS.pagesPerSecond} 页/秒 ${pagesPerSecond >= TARGETS.pagesPerSecond ? '达到' : '未达到'}；` +
        `首个事件 p95 < ${TARGETS.firstEventP95} ms ${firstP95 < TARGETS.firstEventP95 ? '达到' : '未达到'}`,
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
