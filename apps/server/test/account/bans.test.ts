import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, runAdminCommand } from '../../src/cli/admin.js';
import { REPO_ROOT } from '../../src/config.js';
import { sessions, users } from '../../src/db/schema.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { hasPostgres, hasRedis } from '../helpers/engines.js';
import { createUser, signIn } from '../helpers/users.js';
import { expireWindows, newPhone, smsSignIn, twoAppsOnOneDatabase } from './helpers.js';

const run = promisify(execFile);

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`bans on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const admin = (...args: string[]) => runAdminCommand(db(), t.platform.bus, args);
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/getuinfo', headers: { cookie } });

    it('bans an account by phone: every session ends at once and sign-in answers -999', async () => {
      const phone = newPhone();
      const { cookie } = await smsSignIn(t.app, phone);
      const other = await smsSignIn(t.app, newPhone());
      expect(await admin('ban', phone, '发布违规信息')).toContain('已封禁账号');
      expect((await me(cookie)).statusCode).toBe(401);
      expect((await me(other.cookie)).statusCode).toBe(200);
      const [user] = await db().select().from(users).where(eq(users.phone, phone));
      const live = (await db().select().from(sessions).where(eq(sessions.userId, user!.id))).filter(
        (s) => !s.revokedAt,
      );
      expect(live).toHaveLength(0);
      await expireWindows(t.platform, `sms:resend:${phone}`);
      const again = await smsSignIn(t.app, phone);
      expect(again.res.json()).toMatchObject({ code: Code.ACCOUNT_BANNED, msg: '您的账号已被封禁！' });
    });

    it('unbans, verifies, makes an admin and grants downloads by uguid', async () => {
      const { user, cookie } = await signIn(db(), { bannedAt: new Date() });
      await admin('unban', user.uguid);
      expect((await me(cookie)).statusCode).toBe(200);
      await admin('verify', user.uguid);
      await admin('make-admin', user.uguid);
      await admin('allow-download', user.uguid);
      const info = (await me(cookie)).json().data;
      expect(info).toMatchObject({ isVerify: true, dlreport: true });
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row!.isAdmin).toBe(true);
    });

    it('explains unknown accounts, commands and addresses', async () => {
      await expect(admin('ban', '13000000000')).rejects.toThrow('找不到账号：13000000000');
      await expect(admin('frobnicate', (await createUser(db())).uguid)).rejects.toThrow(/未知命令/);
      await expect(admin('ban-ip', 'not-an-ip')).rejects.toThrow(AdminError);
      await expect(admin()).rejects.toThrow(/用法/);
    });

    it('answers -9999 to every /api call from a banned IP, public and unknown paths included', async () => {
      const ip = '10.66.0.1';
      const call = (method: 'GET' | 'POST', url: string, remoteAddress = ip) =>
        t.app.inject({ method, url, remoteAddress, payload: method === 'POST' ? {} : undefined });
      expect((await call('GET', '/api/health')).statusCode).toBe(200);
      await admin('ban-ip', ip, '短信轰炸');
      for (const [method, url] of [
        ['GET', '/api/health'],
        ['GET', '/api/auth/status'],
        ['POST', '/api/auth/SendVCode'],
        ['GET', '/api/no/such/row'],
      ] as const) {
        const res = await call(method, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toMatchObject({ code: Code.IP_BANNED, msg: '您的 IP 已被封禁' });
      }
      // The same address over IPv6-mapped IPv4, and the web pages that explain the ban, stay reachable as designed.
      expect((await call('GET', '/api/health', `::ffff:${ip}`)).json().code).toBe(Code.IP_BANNED);
      expect((await call('GET', '/ipBanned')).statusCode).toBe(200);
      expect((await call('GET', '/api/health', '10.66.0.2')).statusCode).toBe(200);
      await admin('unban-ip', ip);
      expect((await call('GET', '/api/health')).statusCode).toBe(200);
    });
  });
}

describe.skipIf(!(hasPostgres && hasRedis))('IP bans across server processes with Redis', () => {
  it('reaches a second process at once through the bus, including a ban made by the admin command', async () => {
    const two = await twoAppsOnOneDatabase({ redis: true });
    try {
      const ip = '10.77.0.1';
      const health = () => two.b.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
      // B has loaded its (empty) ban list; its cache would keep it for 30 s without the bus.
      expect((await health()).statusCode).toBe(200);
      await runAdminCommand(two.platforms[0].database.db, two.platforms[0].bus, ['ban-ip', ip]);
      await expect
        .poll(async () => (await health()).json().code, { timeout: 2000, interval: 50 })
        .toBe(Code.IP_BANNED);
      await runAdminCommand(two.platforms[0].database.db, two.platforms[0].bus, ['unban-ip', ip]);
      await expect.poll(async () => (await health()).statusCode, { timeout: 2000, interval: 50 }).toBe(200);
    } finally {
      await two.close();
    }
  });
});

describe.skipIf(!(hasPostgres && hasRedis))('npm run admin', () => {
  it('bans an IP from the command line and a running server refuses it at once', async () => {
    const t = await createTestApp({ engine: 'postgresql', redis: true });
    try {
      const ip = '10.88.0.1';
      const health = () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
      expect((await health()).statusCode).toBe(200);
      const phone = newPhone();
      await createUser(t.platform.database.db, { phone });
      const env = {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.config.databaseUrl!,
        REDIS_URL: t.config.redis!.url,
        REDIS_PREFIX: t.config.redis!.prefix,
      };
      const cli = path.join(REPO_ROOT, 'apps/server/src/cli/admin.ts');
      const banned = await run(process.execPath, ['--import', 'tsx', cli, 'ban-ip', ip], {
        cwd: REPO_ROOT,
        env,
      });
      expect(banned.stdout).toContain(`已封禁 IP ${ip}`);
      await expect
        .poll(async () => (await health()).json().code, { timeout: 2000, interval: 50 })
        .toBe(Code.IP_BANNED);
      const user = await run(process.execPath, ['--import', 'tsx', cli, 'ban', phone], {
        cwd: REPO_ROOT,
        env,
      });
      expect(user.stdout).toContain('已封禁账号');
      const failed = await run(process.execPath, ['--import', 'tsx', cli, 'ban', '13000000000'], {
        cwd: REPO_ROOT,
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect((failed as { stderr: string }).stderr).toContain('找不到账号');
    } finally {
      await t.close();
    }
  }, 60_000);
});
