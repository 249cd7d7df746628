import type { Access } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { users } from '../../src/db/schema.js';
import { route } from '../../src/http/index.js';
import { banUser } from '../../src/modules/account/bans.js';
import { createSessionLookup, revokeSession } from '../../src/modules/account/sessions.js';
import type { Db } from '../../src/platform/database/index.js';
import { addTestRoutes, createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`signed-in user per request on ${engine}`, () => {
    let t: TestApp;
    let db: Db;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      db = t.platform.database.db;
      await addTestRoutes(
        t.app,
        (['L', 'VIP', 'ADM'] as Access[]).map((level) =>
          route({
            method: 'POST',
            path: `/__session/${level}`,
            access: level,
            summary: '会话探针',
            data: z.object({ name: z.string().nullable() }),
            handler: (request) => ({ name: request.user?.name ?? null }),
          }),
        ),
      );
      await t.app.ready();
    });
    afterAll(() => t.close());

    const call = (level: Access, cookie: string) =>
      t.app.inject({ method: 'POST', url: `/api/__session/${level}`, headers: { cookie }, payload: {} });

    it('sees every change to the user or the session on the very next request', async () => {
      const { user, token, cookie } = await signIn(db, { name: '张三' });
      expect((await call('L', cookie)).json().data.name).toBe('张三');
      expect((await call('ADM', cookie)).statusCode).toBe(403);

      await db.update(users).set({ name: '张三丰', isAdmin: true }).where(eq(users.id, user.id));
      expect((await call('ADM', cookie)).json().data.name).toBe('张三丰');

      expect((await call('VIP', cookie)).statusCode).toBe(403);
      await db.execute(sql`update users set vip_expires_at = now() + interval '1 day' where id = ${user.id}`);
      expect((await call('VIP', cookie)).statusCode).toBe(200);

      await revokeSession(db, token);
      expect((await call('L', cookie)).statusCode).toBe(401);
    });

    it('shuts a banned user out at once', async () => {
      const { user, cookie } = await signIn(db);
      expect((await call('L', cookie)).statusCode).toBe(200);
      await banUser(db, user);
      expect((await call('L', cookie)).statusCode).toBe(401);
    });

    it('never hands one request the object another request may change', async () => {
      const { cookie } = await signIn(db, { name: '李四' });
      await call('L', cookie);
      const lookup = await createSessionLookup(t.platform.database);
      try {
        const token = cookie.split('=')[1]!;
        const first = await lookup.find(token);
        first!.name = '被改了';
        expect((await lookup.find(token))?.name).toBe('李四');
      } finally {
        await lookup.close();
      }
    });

    it('remembers the user between requests', async () => {
      const { user, cookie } = await signIn(db, { name: '王五' });
      expect((await call('L', cookie)).json().data.name).toBe('王五');
      // A change the trigger does not announce shows whether the next request asked the database.
      await db.execute(sql`alter table users disable trigger users_notify_changed`);
      try {
        await db.update(users).set({ name: '王五改' }).where(eq(users.id, user.id));
      } finally {
        await db.execute(sql`alter table users enable trigger users_notify_changed`);
      }
      expect((await call('L', cookie)).json().data.name).toBe('王五');
      await db.update(users).set({ name: '王五再改' }).where(eq(users.id, user.id));
      expect((await call('L', cookie)).json().data.name).toBe('王五再改');
    });

    if (engine === 'postgresql') {
      it('sees a ban made by another process within a second', async () => {
        const { user, cookie } = await signIn(db, { name: '赵六' });
        expect((await call('L', cookie)).statusCode).toBe(200);
        const other = new pg.Client({ connectionString: t.config.databaseUrl });
        await other.connect();
        try {
          await other.query('update users set name = $1 where id = $2', ['赵六改', user.id]);
          await expect
            .poll(async () => (await call('L', cookie)).json().data.name, { timeout: 1000 })
            .toBe('赵六改');
          await other.query('update sessions set revoked_at = now() where user_id = $1', [user.id]);
          await expect.poll(async () => (await call('L', cookie)).statusCode, { timeout: 1000 }).toBe(401);
        } finally {
          await other.end();
        }
      });
    }
  });
}
