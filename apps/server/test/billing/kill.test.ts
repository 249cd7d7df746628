/**
 * Crash safety: the real server (`node --import tsx apps/server/src/main.ts`) serves a
 * stream of sandbox payments and credit spends over HTTP, is killed with SIGKILL in the
 * middle, and restarted on the same data. Every payment the client saw succeed is still
 * there, nothing is credited twice (redelivering every notification changes nothing), and
 * `npm run billing -- reconcile` passes. On PGlite this checks that its data folder
 * survives a SIGKILL; on PostgreSQL that the transactions hold.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.js';
import { ledgerEntries, payOrders } from '../../src/db/schema.js';
import { createSession } from '../../src/modules/account/sessions.js';
import { createDatabase, type DatabasePort } from '../../src/platform/database/index.js';
import { pgTemplateName } from '../global-setup.js';
import { copyTemplatePglite, FIXTURE_WEB_DIST } from '../helpers/app.js';
import { createTestPgDatabase, hasPostgres } from '../helpers/engines.js';
import { createUser } from '../helpers/users.js';

const USERS = 6;
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const CLI = path.join(REPO_ROOT, 'apps/server/src/cli/billing.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', () => {});
  return child;
}

async function waitHealthy(base: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`服务端启动后退出，退出码 ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('服务端未能在 90 秒内就绪');
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

function runReconcile(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'reconcile'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

interface Shopper {
  cookie: string;
  userId: number;
  orders: string[];
  paid: Set<string>;
  spends: number;
}

/** One shopper's stream: pay a recharge through the sandbox page, or spend 10 credits on a chat unlock. */
async function shop(base: string, s: Shopper, isStopped: () => boolean) {
  const headers = { cookie: s.cookie, 'content-type': 'application/json' };
  while (!isStopped()) {
    try {
      if (s.paid.size <= s.spends / 10 + 1 || Math.random() < 0.4) {
        const response = await fetch(`${base}/api/pay/GenChargeOrder`, {
          method: 'POST',
          headers,
          body: '{"id":"p100"}',
        });
        const order = (await response.json()) as { code: number; data: { orderno: string; code: string } };
        if (order.code !== 1000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        s.orders.push(order.data.orderno);
        // Confirmed as a signed-out phone would: with the QR link's single-use token.
        const qr = new URL(order.data.code);
        const page = await fetch(`${base}${qr.pathname}${qr.search}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        });
        if ((await page.text()).includes('支付成功')) s.paid.add(order.data.orderno);
      } else {
        // A chat unlock is bought for a conversation of the shopper's own.
        const chat = await fetch(`${base}/api/chat/createchat`, { method: 'POST', headers, body: '{}' });
        const created = (await chat.json()) as { code: number; data: { chatuuid: string } };
        if (created.code !== 1000) continue;
        const body = JSON.stringify({ action: 'ChatPerCharge', ConversationId: created.data.chatuuid });
        const response = await fetch(`${base}/api/pay/PowerUnlock`, { method: 'POST', headers, body });
        const res = (await response.json()) as { code: number };
        if (res.code === 1000) s.spends++;
      }
    } catch {
      return; // the server went away mid-request: the outcome of that request is unknown
    }
  }
}

const engines = [
  { engine: 'pglite', available: true },
  { engine: 'postgresql', available: hasPostgres },
] as const;

for (const { engine, available } of engines) {
  describe.skipIf(!available)(`SIGKILL during payments on ${engine}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    });

    it('loses no paid order, credits none twice, and reconciles after a restart', {
      timeout: 300_000,
    }, async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'jq-kill-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      // The database starts migrated: PGlite's folder from the dump, PostgreSQL a copy of the
      // template (initdb and the migrations would take seconds).
      const pg =
        engine === 'postgresql'
          ? await createTestPgDatabase({ template: await pgTemplateName() })
          : undefined;
      if (pg) cleanups.push(pg.drop);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: FIXTURE_WEB_DIST,
        LOG_LEVEL: 'error',
        ...(pg ? { DATABASE_URL: pg.url } : {}),
      };
      const open = (): Promise<DatabasePort> =>
        createDatabase({ url: pg?.url, pgliteDir: path.join(dataDir, 'pglite') });

      // Users and sessions first: PGlite is opened by one process at a time.
      if (!pg) await copyTemplatePglite(path.join(dataDir, 'pglite'));
      let database = await open();
      await database.migrate();
      const shoppers: Shopper[] = [];
      for (let i = 0; i < USERS; i++) {
        const user = await createUser(database.db);
        const { token } = await createSession(database.db, user.id);
        shoppers.push({
          cookie: `jq_session=${token}`,
          userId: user.id,
          orders: [],
          paid: new Set(),
          spends: 0,
        });
      }
      await database.close();

      let server = startServer(env);
      cleanups.push(() => stop(server, 'SIGKILL'));
      await waitHealthy(base, server);
      let isStopped = false;
      const streams = shoppers.map((s) => shop(base, s, () => isStopped));
      const started = Date.now();
      const totalPaid = () => shoppers.reduce((n, s) => n + s.paid.size, 0);
      const totalSpends = () => shoppers.reduce((n, s) => n + s.spends, 0);
      while ((totalPaid() < 8 || totalSpends() < 4) && Date.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await stop(server, 'SIGKILL'); // requests are in flight on every stream
      isStopped = true;
      await Promise.all(streams);
      const paidBeforeKill = new Map(shoppers.map((s) => [s.userId, new Set(s.paid)]));
      expect(totalPaid()).toBeGreaterThanOrEqual(8);

      server = startServer(env);
      await waitHealthy(base, server);
      // Every notification again, as a provider retrying after the crash would: confirmed by each
      // order's owner, signed in (a token used before the kill is gone, or was taken mid-confirm).
      for (const s of shoppers) {
        for (const orderno of s.orders) {
          const page = await fetch(`${base}/api/pay/sandbox/${orderno}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: s.cookie },
            body: '',
          });
          const html = await page.text();
          if (html.includes('支付成功')) s.paid.add(orderno);
        }
      }
      await stop(server, 'SIGTERM');

      const result = await runReconcile(env);
      expect(result.output).toContain('余额与账本一致');
      expect(result.code).toBe(0);

      database = await open();
      cleanups.push(() => database.close());
      for (const s of shoppers) {
        const orders = await database.db.select().from(payOrders).where(eq(payOrders.userId, s.userId));
        const fulfilled = new Set(orders.filter((o) => o.status === 'fulfilled').map((o) => o.orderno));
        for (const orderno of paidBeforeKill.get(s.userId)!)
          expect(fulfilled.has(orderno), orderno).toBe(true);
        expect(fulfilled).toEqual(s.paid);
        const entries = await database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, s.userId));
        const spends = entries.filter((e) => e.kind === 'spend');
        expect(spends.length).toBeGreaterThanOrEqual(s.spends);
        const credits = entries.filter((e) => e.currency === 'credit').reduce((n, e) => n + e.amount, 0);
        expect(credits).toBe(100 * fulfilled.size - 10 * spends.length);
      }
    });
  });
}
