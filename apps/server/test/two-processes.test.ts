/**
 * Two real server processes (`node --import tsx apps/server/src/main.ts`) on one PostgreSQL
 * database and one Redis, as a deployment behind a load balancer runs them (ARCHITECTURE.md,
 * "Scale"). Over HTTP only:
 * - a library import in A is searchable in B within a second, although B had the empty
 *   answer cached;
 * - a scheduled job runs once per slot, whichever process claims it;
 * - one sandbox notification delivered to both processes at once credits once;
 * - an answer streamed by A shows in B's copy of the conversation.
 * Skipped where PostgreSQL or Redis does not answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { createDatabase, type DatabasePort, selectRows } from '../src/platform/database/index.js';
import { pgTemplateName } from './global-setup.js';
import { FIXTURE_WEB_DIST } from './helpers/app.js';
import {
  createTestPgDatabase,
  hasPostgres,
  hasRedis,
  TEST_REDIS_URL,
  testRedisPrefix,
} from './helpers/engines.js';
import { signIn } from './helpers/users.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const SANDBOX_SECRET = randomBytes(24).toString('base64');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Node {
  name: string;
  base: string;
  child: ChildProcess;
  log: string[];
}

async function startNode(name: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  const node = { name, base: `http://127.0.0.1:${port}`, child, log };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} 启动后退出（${child.exitCode}）：${log.join('')}`);
    try {
      if ((await fetch(`${node.base}/api/health`)).ok) return node;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} 未能在 90 秒内就绪`);
}

async function stopNode(node: Node | undefined) {
  if (!node || node.child.exitCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  await exited;
}

async function call<T = unknown>(node: Node, method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${node.base}/api${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 1000) throw new Error(`${node.name} ${url}: ${json.code} ${json.msg}`);
  return json.data;
}

describe.skipIf(!hasPostgres || !hasRedis)('two server processes on PostgreSQL and Redis', () => {
  let a: Node | undefined;
  let b: Node | undefined;
  let database: DatabasePort;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    const pg = await createTestPgDatabase({ template: await pgTemplateName() });
    dropDatabase = pg.drop;
    database = await createDatabase({ url: pg.url, pgliteDir: '' });
    admin = (await signIn(database.db, { isAdmin: true, name: '管理员' })).cookie;
    user = (await signIn(database.db, { name: '两进程用户' })).cookie;
    dataDir = await mkdtemp(path.join(tmpdir(), 'jq-two-'));
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      WEB_DIST: FIXTURE_WEB_DIST,
      DATABASE_URL: pg.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
      PAY_SANDBOX_SECRET: SANDBOX_SECRET,
      SEARCH_CACHE_SECONDS: '30',
    };
    [a, b] = await Promise.all([startNode('A', env), startNode('B', env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopNode(a), stopNode(b)]);
    await database?.close();
    await dropDatabase?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('finds in B within a second a project imported in A, although B had the empty answer cached', async () => {
    const keyword = '双进程可见性验证';
    const search = () =>
      call<{ list: { name: string }[] }>(b!, 'POST', '/acproject/ProjectFuzzySearch', user, { keyword });
    expect((await search()).list).toEqual([]);

    const csv =
      '\uFEFF外部ID,公司名称,项目名称,所属行业,融资轮次,拟融资金额(万元),所在地区,成立年份,项目简介\n' +
      `TWO-1,杭州${keyword}科技有限公司,${keyword},储能,A轮,3000,杭州,2022,${keyword}的项目简介。\n`;
    const form = new FormData();
    form.set('kind', 'projects');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'projects.csv');
    const imported = await fetch(`${a!.base}/api/admin/library/import`, {
      method: 'POST',
      headers: { cookie: admin },
      body: form,
    });
    expect(((await imported.json()) as { code: number }).code).toBe(1000);
    const importedAt = Date.now();

    await vi.waitFor(async () => expect((await search()).list.length).toBeGreaterThan(0), {
      timeout: 1000,
      interval: 25,
    });
    expect(Date.now() - importedAt).toBeLessThan(1000);
  });

  it('runs a scheduled job once per slot, whichever process claims it', async () => {
    const name = 'billing.close-expired-orders';
    const tries = () =>
      selectRows<{ job_id: string }>(database.db, sql`select job_id from job_runs where name = ${name}`);
    const before = (await tries()).length;
    await database.db.execute(sql`update job_schedules set next_run_at = now() where name = ${name}`);
    await vi.waitFor(async () => expect((await tries()).length).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 100,
    });
    // Both processes tick every second: give the loser time to run it too, if it would.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const ids = (await tries()).map((t) => t.job_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('credits once when the same sandbox notification reaches both processes at once', async () => {
    const order = await call<{ orderno: string }>(a!, 'POST', '/pay/GenChargeOrder', user, { id: 'p100' });
    const [row] = await selectRows<{ amount_fen: number }>(
      database.db,
      sql`select amount_fen from pay_orders where orderno = ${order.orderno}`,
    );
    const body = JSON.stringify({
      orderno: order.orderno,
      txn_id: `SB${randomUUID().replaceAll('-', '')}`,
      amount_fen: Number(row!.amount_fen),
      paid_at: new Date().toISOString(),
    });
    const deliver = (node: Node) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const signature = createHmac('sha256', Buffer.from(SANDBOX_SECRET))
        .update(`${timestamp}\n${nonce}\n${body}\n`)
        .digest('base64');
      return fetch(`${node.base}/api/pay/notify/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sandbox-timestamp': timestamp,
          'sandbox-nonce': nonce,
          'sandbox-signature': signature,
        },
        body,
      });
    };
    const answers = await Promise.all([a!, b!, a!, b!, a!, b!].map(deliver));
    expect(answers.every((answer) => answer.ok)).toBe(true);

    const power = await call<{ power: number }>(b!, 'GET', '/user/GetUserPower', user);
    expect(power.power).toBe(100);
    const entries = await selectRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from ledger_entries e join pay_orders o on o.id = e.order_id
          where o.orderno = ${order.orderno} and e.currency = 'credit'`,
    );
    expect(Number(entries[0]!.n)).toBe(1);
    expect(await call<number>(a!, 'GET', `/pay/CheckChargeOrder?orderno=${order.orderno}`, user)).toBe(1);
  });

  it("shows in B's conversation the answer A streamed", async () => {
    const chat = await call<{ chatuuid: string }>(a!, 'POST', '/chat/createchat', user, { action: 'chat' });
    const response = await fetch(`${a!.base}/api/chat/schat`, {
      method: 'POST',
      headers: { cookie: user, 'content-type': 'application/json' },
      body: JSON.stringify({ chatuuid: chat.chatuuid, question: '储能行业有哪些A轮项目？' }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; content?: string; isend: boolean });
    expect(events.at(-1)?.isend).toBe(true);
    const streamed = events
      .filter((event) => event.type === 'delta')
      .map((event) => event.content ?? '')
      .join('');
    expect(streamed.length).toBeGreaterThan(0);

    const detail = await call<{ messages: { role: string; content: string }[] }>(
      b!,
      'GET',
      `/chat/chatconversation?chatuuid=${chat.chatuuid}`,
      user,
    );
    const answer = detail.messages.filter((m) => m.role === 'assistant').at(-1);
    expect(answer?.content).toBe(streamed);
  });
});
