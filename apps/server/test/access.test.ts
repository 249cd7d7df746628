import { type Access, Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/index.js';
import { revokeSession } from '../src/modules/account/sessions.js';
import { addTestRoutes, createTestApp, DB_ENGINES, type TestApp } from './helpers/app.js';
import { signIn } from './helpers/users.js';

const LEVELS: Access[] = ['P', 'A', 'L', 'V', 'VIP', 'ADM'];

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`access levels on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await addTestRoutes(
        t.app,
        LEVELS.map((level) =>
          route({
            method: 'POST',
            path: `/__access/${level}`,
            access: level,
            summary: '访问级别探针',
            data: z.object({ uguid: z.string().nullable(), clientId: z.string() }),
            handler: (request) => ({ uguid: request.user?.uguid ?? null, clientId: request.clientId }),
          }),
        ),
      );
      await t.app.ready();
    });
    afterAll(() => t.close());

    const call = (level: Access, headers: Record<string, string> = {}, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/__access/${level}`, headers, payload });

    it('lets anyone call P and A rows, and reads the anonymous client id', async () => {
      expect((await call('P')).statusCode).toBe(200);
      const res = await call('A', { 'x-client-id': 'client-abc-123' });
      expect(res.json().data).toEqual({ uguid: null, clientId: 'client-abc-123' });
    });

    it('refuses L, V, VIP and ADM rows without a session (401, -401)', async () => {
      for (const level of ['L', 'V', 'VIP', 'ADM'] as const) {
        const res = await call(level);
        expect(res.statusCode, level).toBe(401);
        expect(res.json().code, level).toBe(Code.UNAUTHORIZED);
      }
    });

    it('takes the user from the session cookie', async () => {
      const { user, cookie } = await signIn(t.platform.database.db);
      const res = await call('L', { cookie });
      expect(res.json().data.uguid).toBe(user.uguid);
    });

    it('refuses a uguid in the body that is not the session user (403)', async () => {
      const { cookie } = await signIn(t.platform.database.db);
      const other = await signIn(t.platform.database.db);
      const res = await call('L', { cookie }, { uguid: other.user.uguid });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(Code.FORBIDDEN);
      const anonymous = await call('A', {}, { uguid: other.user.uguid });
      expect(anonymous.statusCode).toBe(403);
    });

    it("accepts the session user's own uguid for compatibility", async () => {
      const { user, cookie } = await signIn(t.platform.database.db);
      expect((await call('L', { cookie }, { uguid: user.uguid })).statusCode).toBe(200);
    });

    it('requires verification for V, an active VIP for VIP and an admin for ADM', async () => {
      const db = t.platform.database.db;
      const plain = await signIn(db);
      expect((await call('V', { cookie: plain.cookie })).statusCode).toBe(403);
      expect((await call('VIP', { cookie: plain.cookie })).statusCode).toBe(403);
      expect((await call('ADM', { cookie: plain.cookie })).statusCode).toBe(403);
      const verified = await signIn(db, { isVerified: true });
      expect((await call('V', { cookie: verified.cookie })).statusCode).toBe(200);
      const expired = await signIn(db, { vipExpiresAt: new Date(Date.now() - 1000) });
      expect((await call('VIP', { cookie: expired.cookie })).statusCode).toBe(403);
      const vip = await signIn(db, { vipExpiresAt: new Date(Date.now() + 86_400_000) });
      expect((await call('VIP', { cookie: vip.cookie })).statusCode).toBe(200);
      const admin = await signIn(db, { isAdmin: true });
      expect((await call('ADM', { cookie: admin.cookie })).statusCode).toBe(200);
    });

    it('refuses a banned account with -999', async () => {
      const { cookie } = await signIn(t.platform.database.db, { bannedAt: new Date() });
      const res = await call('L', { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: Code.ACCOUNT_BANNED, msg: '您的账号已被封禁！' });
    });

    it('treats a revoked or forged session as signed out', async () => {
      const { token, cookie } = await signIn(t.platform.database.db);
      await revokeSession(t.platform.database.db, token);
      expect((await call('L', { cookie })).statusCode).toBe(401);
      expect((await call('L', { cookie: 'jq_session=forged-token' })).statusCode).toBe(401);
    });
  });
}

describe('route registration', () => {
  it('refuses an /api route that declares no access level', async () => {
    const t = await createTestApp();
    try {
      const register = async () => {
        t.app.get('/api/__unguarded', async () => ({}));
        await t.app.ready();
      };
      await expect(register()).rejects.toThrow(/未声明访问级别/);
    } finally {
      await t.close().catch(() => {});
    }
  });

  it('builds the real app with every route guarded', async () => {
    // createTestApp builds it with buildApp; one app a platform, since the app defines the
    // modules' jobs on the platform's jobs port.
    const t = await createTestApp();
    try {
      await expect(t.app.ready()).resolves.toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
