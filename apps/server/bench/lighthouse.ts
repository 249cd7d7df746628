/**
 * bench:lighthouse — Lighthouse's mobile performance score (its default: a mid-range phone,
 * slow 4G and a 4× slower CPU, simulated) for /home and /jq/project, on the built web app
 * served by the real server in production mode, in the system Chromium (/usr/bin/chromium).
 *
 *   npm run build && flock /work/bench.lock npm run bench:lighthouse
 *
 * The server starts on a free port with its own data folder (data/bench/lighthouse; the demo
 * data loads into it on the first run). /jq/project is for signed-in users, so the browser
 * signs in first (the SMS code is read from the server's log, as the dev outbox writes it
 * there). Measuring starts once the server is idle (what a start queues in the background
 * is done). Prints per page the score, FCP, LCP, TBT, CLS, Speed Index, the audits that cost
 * most, the element of the largest contentful paint, and the load average at the time. A run
 * whose largest paint is index.html's loading ring fails: the page never rendered (a broken
 * build scores higher than a working one). `RUNS=3` takes the median of three runs per page.
 *
 * Each run is a first visit, as Lighthouse's own storage reset makes it: the HTTP cache, the
 * Cache Storage and the service worker are cleared before it. Only the sign-in (cookie and
 * localStorage) is kept, which Lighthouse's reset would clear too. `VISIT=repeat` measures a
 * returning visitor instead: the page was loaded once before, its files are in the cache and
 * the service worker is installed. `THROTTLING=devtools` has Lighthouse load the page throttled
 * for real (its DevTools preset) instead of simulating the slow phone from one fast load; the
 * service worker is blocked then, as what it fetches escapes DevTools' throttling.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '../src/config.js';
import { freePort, stopServer, waitForIdle, waitForOk } from './server-process.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.RUNS ?? 1));
const REPEAT_VISIT = process.env.VISIT === 'repeat';
/** Lighthouse's default simulates the slow phone from one fast load; `devtools` loads the page throttled for real. */
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const PAGES = ['/home', '/jq/project'];
/** A number per run: sign-in codes are rate-limited per number, and the data folder is kept. */
const PHONE = `1390000${String(Date.now() % 10_000).padStart(4, '0')}`;

interface PageResult {
  path: string;
  score: number;
  /** Every run's score, in order (the row shows the median run). */
  scores?: number[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** The largest contentful paint's element, as Lighthouse quotes it. */
  lcpElement: string;
  costs: string[];
}

function startProductionServer(port: number, dataDir: string): { child: ChildProcess; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Each run signs in by SMS from 127.0.0.1: more runs in an hour than one IP may ask codes for.
      SMS_HOURLY_LIMIT_PER_IP: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-200_000);
  });
  return { child, log: () => log };
}

/** Signs the browser in: SendVCode, the code from the server's log, PhoneLogin (cookie), the stored user. */
async function signIn(page: Page, base: string, readLog: () => string): Promise<void> {
  await page.goto(`${base}/privacy`, { waitUntil: 'networkidle' });
  const post = (url: string, body: object) =>
    page.request
      .post(url, { data: body })
      .then((response) => response.json() as Promise<{ code: number; data: unknown; msg: string }>);
  const sent = await post(`${base}/api/auth/SendVCode`, { Phone: PHONE });
  let code: string | undefined;
  for (let tries = 0; tries < 50 && !code; tries += 1) {
    code = [...readLog().matchAll(new RegExp(`"phone":"${PHONE}","code":"(\\d+)"`, 'g'))].at(-1)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`没有读到验证码（SendVCode：${sent.msg}）`);
  const login = await post(`${base}/api/auth/PhoneLogin`, { phone: PHONE, vcode: code });
  if (login.code !== 1000) throw new Error(`登录失败：${login.msg}`);
  const stored = JSON.stringify({ state: { info: login.data }, version: 1 });
  await page.evaluate(`localStorage.setItem('jq_user', ${JSON.stringify(stored)})`);
}

/**
 * Before a first-visit run: what Lighthouse's storage reset clears, except the sign-in. Before a
 * repeat-visit run: the page loads once (its files cached, the service worker installed).
 */
async function prepareVisit(page: Page, url: string): Promise<void> {
  if (REPEAT_VISIT) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.goto('about:blank');
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'cache_storage,service_workers',
  });
  await cdp.detach();
}

/** One Lighthouse run in a new tab of the signed-in browser (its cookie and localStorage kept). */
async function measure(debugPort: number, url: string): Promise<PageResult> {
  const runner = await lighthouse(url, {
    port: debugPort,
    onlyCategories: ['performance'],
    disableStorageReset: true,
    logLevel: 'error',
    throttlingMethod: THROTTLING,
  });
  const lhr = runner?.lhr;
  if (!lhr) throw new Error(`Lighthouse 没有结果：${url}`);
  // The whole report, for the audits' details (data/bench is not committed).
  const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '');
  await writeFile(path.join(REPO_ROOT, 'data', 'bench', `lighthouse-${name}.json`), JSON.stringify(lhr));
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} 跳转到了 ${lhr.finalDisplayedUrl}（未登录？）`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpNode = largestPaintNode(lhr.audits['largest-contentful-paint-element']?.details);
  // A page that never renders (a broken build) still scores, higher than a working one: its
  // largest paint is index.html's loading ring, and no script blocks anything after it.
  if (!lcpNode || /jq-page-loading/.test(`${lcpNode.selector} ${lcpNode.snippet}`))
    throw new Error(`${url} 没有渲染出页面：最大内容绘制是 ${lcpNode?.snippet ?? '（无）'}，不是页面的内容`);
  // What costs most: the opportunities with their estimated saving, and the diagnostics that fail.
  const costs = Object.values(lhr.audits)
    .filter((item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative')
    .map((item) => {
      const saving = (item.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
      return {
        text: `${item.id}${saving ? ` (−${Math.round(saving)} ms)` : ''}: ${item.displayValue ?? ''}`,
        saving: saving ?? 0,
      };
    })
    .sort((a, b) => b.saving - a.saving)
    .slice(0, 6)
    .map((item) => item.text.trim());
  return {
    path: new URL(url).pathname,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    lcpElement: lcpNode.snippet,
    costs,
  };
}

interface AuditNode {
  selector: string;
  snippet: string;
}

/** The node in the details of `largest-contentful-paint-element` (a list whose first table names it). */
function largestPaintNode(details: unknown): AuditNode | undefined {
  const tables = (details as { items?: { items?: { node?: AuditNode }[] }[] } | undefined)?.items;
  return tables?.[0]?.items?.[0]?.node;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('没有网页构建：先运行 npm run build');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProductionServer(port, path.join(REPO_ROOT, 'data', 'bench', 'lighthouse'));
  let browser: BrowserContext | undefined;
  const profile = await mkdtemp(path.join(tmpdir(), 'jq-lighthouse-'));
  const debugPort = await freePort();
  try {
    // Up, and the demo data loaded (the project library answers with projects).
    await waitForOk(`${base}/home`, {}, server.child, '服务');
    for (let tries = 0; ; tries += 1) {
      const response = await fetch(`${base}/api/operation/reportsample`);
      const body = (await response.json()) as { data?: { list?: unknown[] } };
      if ((body.data?.list?.length ?? 0) > 0) break;
      if (tries > 600) throw new Error('演示数据未在 5 分钟内加载');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // One profile: the tab signed in here and Lighthouse's tabs share its cookie and storage.
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      // Under real throttling no service worker: one that takes over mid-load fetches the rest of
      // the page past DevTools' throttling (/jq/project's LCP read 3.9 s instead of 10.3 s).
      serviceWorkers: THROTTLING === 'devtools' ? 'block' : 'allow',
      args: [`--remote-debugging-port=${debugPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const setup = await browser.newPage();
    await signIn(setup, base, server.log);
    // Kept open (blank, so nothing of the app runs beside the measured tab) to reset between runs.
    await setup.goto('about:blank');
    // What a start queues in the background (the library snapshot, the chain's placements, the
    // reports' PDFs on a new data folder) is done first: the pages are measured, not the start.
    const waited = await waitForIdle(server.child);
    console.info(`服务空闲（等了 ${waited.toFixed(0)} 秒）`);

    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    const results: PageResult[] = [];
    for (const pagePath of PAGES) {
      const runs: PageResult[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await prepareVisit(setup, `${base}${pagePath}`);
        runs.push(await measure(debugPort, `${base}${pagePath}`));
      }
      const byScore = [...runs].sort((a, b) => a.score - b.score);
      const middle = byScore[Math.floor(byScore.length / 2)]!;
      results.push({ ...middle, score: median(runs.map((r) => r.score)), scores: runs.map((r) => r.score) });
    }
    const loadAfter = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    const visit = REPEAT_VISIT
      ? '再次访问（文件已在缓存、service worker 已安装）'
      : '首次访问（缓存清空，只保留登录）';
    const throttling = THROTTLING === 'devtools' ? '真实降速（devtools）' : '模拟降速';
    console.info(
      `\nLighthouse ${RUNS > 1 ? `（${RUNS} 次取中位数）` : ''}移动端性能，${visit}，${throttling}，${CHROMIUM}`,
    );
    console.info(`负载（1/5/15 分钟）：开始 ${load}，结束 ${loadAfter}；CPU ${cpus().length} 核\n`);
    console.info('| 页面 | 性能分 | 各次 | FCP | LCP | TBT | CLS | Speed Index |');
    console.info('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of results) {
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.info(
        `| ${r.path} | ${r.score} | ${r.scores?.join('、') ?? ''} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${s(r.si)} |`,
      );
    }
    for (const r of results) {
      console.info(`\n${r.path} 的最大内容绘制：${r.lcpElement}；扣分最多：`);
      for (const cost of r.costs) console.info(`  - ${cost}`);
    }
  } finally {
    await browser?.close();
    await stopServer(server.child);
    await rm(profile, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
