/**
 * `npm run bench:pay`: payments over real HTTP on each database engine here — orders
 * created per second, orders created and paid through the sandbox per second (the pay
 * page's 确认支付 with the QR link's single-use token, whose signed notification travels over
 * HTTP back to the server), and credit spends per second (chat unlocks, each for one of the
 * spender's own conversations, written beforehand) — beside GET /api/health. Prints a Markdown table for
 * docs/benchmarks.md. BENCH_SECONDS (default 5) and BENCH_CONCURRENCY (default 16).
 */

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { chatConversations, users } from '../src/db/schema.js';
import { createSession } from '../src/modules/account/sessions.js';
import { addCredits } from '../src/modules/billing/ledger.js';
import { ORDER_RATE_PER_MINUTE } from '../src/modules/billing/pricing.js';
import type { Db } from '../src/platform/database/index.js';
import { createPlatform } from '../src/platform/index.js';
import { createTestPgDatabase, hasPostgres } from '../test/helpers/engines.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

/** Signed-in users handed out so that none passes the per-user order limit. */
async function makeUsers(db: Db, count: number, credits = 0) {
  const cookies: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await db.insert(users).values({ uguid: randomUUID(), name: '压测用户' }).returning();
    const { token } = await createSession(db, user!.id);
    if (credits) {
      await db.transaction((tx) =>
        addCredits(tx as unknown as Db, {
          userId: user!.id,
          credits,
          kind: 'grant',
          reference: 'bench',
          description: '压测赠送',
        }),
      );
    }
    cookies.push(`jq_session=${token}`);
    ids.push(user!.id);
  }
  return Object.assign(cookies, { ids });
}

/** Conversations of a user to buy chat unlocks for (an unlock is only sold for one's own). */
async function makeConversations(db: Db, userId: number, count: number): Promise<string[]> {
  const uuids = Array.from({ length: count }, () => randomUUID());
  for (let i = 0; i < uuids.length; i += 1000) {
    await db.insert(chatConversations).values(
      uuids.slice(i, i + 1000).map((uuid) => ({
        uuid,
        userId,
        clientId: '',
        kind: 'chat' as const,
        action: 'chat',
        agent: 'assistant',
      })),
    );
  }
  return uuids;
}

/** Runs `step` from CONCURRENCY workers for SECONDS; answers completed steps per second. */
async function measure(step: (worker: number, i: number) => Promise<boolean>) {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let done = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        if (await step(worker, i)) done++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: Math.round(done / seconds), failed };
}

async function benchEngine(engine: 'pglite' | 'postgresql') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-bench-pay-'));
  const pg = engine === 'postgresql' ? await createTestPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  const platform = await createPlatform(config);
  await platform.database.migrate();
  const app = await buildApp({ config, platform });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const db = platform.database.db;
  try {
    const orderUsers = await makeUsers(db, 600);
    const spendUsers = await makeUsers(db, CONCURRENCY, 1_000_000);
    // More than a worker can spend in SECONDS (a few hundred a second at most).
    const chats = await Promise.all(spendUsers.ids.map((id) => makeConversations(db, id, SECONDS * 1000)));
    let next = 0;
    const uses = new Map<string, number>();
    const orderCookie = () => {
      // Each user places at most the per-minute limit, so the limiter is never what is measured.
      for (;;) {
        const cookie = orderUsers[next % orderUsers.length]!;
        const used = uses.get(cookie) ?? 0;
        if (used < ORDER_RATE_PER_MINUTE - 1) {
          uses.set(cookie, used + 1);
          return cookie;
        }
        next++;
        if (next > orderUsers.length * 2) throw new Error('压测用户不足，请减少 BENCH_SECONDS');
      }
    };
    const createOrder = async () => {
      const res = await fetch(`${base}/api/pay/GenChargeOrder`, {
        method: 'POST',
        headers: { cookie: orderCookie(), 'content-type': 'application/json' },
        body: '{"id":"p100"}',
      });
      const json = (await res.json()) as { code: number; data: { orderno: string; code: string } };
      return json.code === 1000 ? json.data : null;
    };

    const failures = new Map<number, string>();
    const health = await measure(async () => (await fetch(`${base}/api/health`)).ok);
    const created = await measure(async () => (await createOrder()) !== null);
    const paid = await measure(async () => {
      const order = await createOrder();
      if (!order) return false;
      const { orderno } = order;
      const qr = new URL(order.code);
      const page = await fetch(`${base}${qr.pathname}${qr.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      const isPaid = (await page.text()).includes('支付成功');
      if (!isPaid && !failures.has(page.status)) failures.set(page.status, orderno);
      return isPaid;
    });
    const spends = await measure(async (worker, i) => {
      const chatuuid = chats[worker]![i];
      if (!chatuuid) return false;
      const res = await fetch(`${base}/api/pay/PowerUnlock`, {
        method: 'POST',
        headers: { cookie: spendUsers[worker]!, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'ChatPerCharge', ConversationId: chatuuid }),
      });
      return ((await res.json()) as { code: number }).code === 1000;
    });
    for (const [status, orderno] of failures)
      console.error(`沙箱支付未成功：HTTP ${status}（如 ${orderno}）`);
    return { engine, health, created, paid, spends };
  } finally {
    await app.close();
    await platform.close();
    await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const engines: ('pglite' | 'postgresql')[] = hasPostgres ? ['pglite', 'postgresql'] : ['pglite'];
const rows = [];
for (const engine of engines) {
  console.error(`压测 ${engine}：每项 ${SECONDS} 秒，并发 ${CONCURRENCY} …`);
  rows.push(await benchEngine(engine));
}
console.info(
  `| 引擎 | GET /api/health (次/秒) | 下单 (笔/秒) | 下单并经沙箱支付入账 (笔/秒) | 算力扣减 (次/秒) |`,
);
console.info('|---|---|---|---|---|');
for (const r of rows) {
  const cell = (m: { perSecond: number; failed: number }) =>
    `${m.perSecond}${m.failed ? `（失败 ${m.failed}）` : ''}`;
  console.info(
    `| ${r.engine} | ${cell(r.health)} | ${cell(r.created)} | ${cell(r.paid)} | ${cell(r.spends)} |`,
  );
}
process.exit(0);
