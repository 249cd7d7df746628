import { Code, SESSION_COOKIE } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userEvents, users } from '../../src/db/schema.js';
import { banUser } from '../../src/modules/account/bans.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { createUser, signIn } from '../helpers/users.js';
import { newPhone, outboxCode, sendCode, sessionCookie, setCookieValue, smsSignIn } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`phone sign-in and sessions on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const getuinfo = (cookie: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/auth/getuinfo${query}`, headers: { cookie } });

    it('registers an unknown number, records a register event and signs in', async () => {
      const phone = newPhone();
      const { res, cookie } = await smsSignIn(t.app, phone);
      expect(res.json().code).toBe(Code.OK);
      const data = res.json().data;
      expect(data).toMatchObject({ Phone: phone, isNew: true, isBindPhone: true, role: 0, isVerify: false });
      expect(data.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
      const [user] = await db().select().from(users).where(eq(users.phone, phone));
      const events = await db().select().from(userEvents).where(eq(userEvents.userId, user!.id));
      expect(events.map((e) => `${e.event}:${e.source}`)).toEqual(['register:phone', 'login:phone']);
      const me = await getuinfo(cookie);
      expect(me.json().data).toMatchObject({
        uguid: user!.uguid,
        Phone: phone,
        Name: `用户${phone.slice(-4)}`,
      });
      expect(me.json().data.imSign).toMatch(/^[0-9a-f]{40}$/);
    });

    it('signs an existing number in without registering it again', async () => {
      const phone = newPhone();
      await smsSignIn(t.app, phone);
      await t.platform.database.db.execute(
        sql`update rate_counters set reset_at = now() where key like 'sms:resend:%'`,
      );
      const { res } = await smsSignIn(t.app, phone);
      expect(res.json().data.isNew).toBe(false);
      const rows = await db().select().from(users).where(eq(users.phone, phone));
      expect(rows).toHaveLength(1);
    });

    it('records the inviter when the invite code is given', async () => {
      const inviter = await createUser(db(), { phone: newPhone(), inviteCode: 'INVITE23' });
      const { res } = await smsSignIn(t.app, newPhone(), { iv: 'invite23' });
      const [user] = await db().select().from(users).where(eq(users.uguid, res.json().data.uguid));
      expect(user!.invitedBy).toBe(inviter.id);
    });

    it('makes a new session id at every sign-in and ignores a pre-set cookie (no fixation)', async () => {
      const phone = newPhone();
      const planted = `${SESSION_COOKIE}=attacker-chosen-token-value`;
      const first = await smsSignIn(t.app, phone, {}, { cookie: planted });
      expect(first.cookie).not.toBe(planted);
      await t.platform.database.db.execute(
        sql`update rate_counters set reset_at = now() where key like 'sms:resend:%'`,
      );
      const second = await smsSignIn(t.app, phone, {}, { cookie: first.cookie });
      expect(second.cookie).not.toBe(first.cookie);
      // The session the browser held before is revoked, the planted one never existed.
      expect((await getuinfo(first.cookie)).statusCode).toBe(401);
      expect((await getuinfo(planted)).statusCode).toBe(401);
      expect((await getuinfo(second.cookie)).statusCode).toBe(200);
    });

    it('sets an httpOnly SameSite=Lax cookie for 7 days', async () => {
      const { res } = await smsSignIn(t.app, newPhone());
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const days = (new Date(cookie.expires!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7);
    });

    it('ends the session at logout and clears the cookie', async () => {
      const { cookie } = await smsSignIn(t.app, newPhone());
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(out.json().code).toBe(Code.OK);
      expect(setCookieValue(out, SESSION_COOKIE)).toBe('');
      expect((await getuinfo(cookie)).statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(again.statusCode).toBe(401);
    });

    it("refuses another user's uguid in the query or body (403)", async () => {
      const me = await signIn(db());
      const other = await createUser(db());
      const res = await getuinfo(me.cookie, `?uguid=${other.uguid}`);
      expect(res.statusCode).toBe(403);
      expect((await getuinfo(me.cookie, `?uguid=${me.user.uguid}`)).statusCode).toBe(200);
      const save = await t.app.inject({
        method: 'POST',
        url: '/api/user/SaveUserBaseInfo',
        headers: { cookie: me.cookie },
        payload: { uguid: other.uguid, name: '冒名' },
      });
      expect(save.statusCode).toBe(403);
      const [row] = await db().select().from(users).where(eq(users.id, other.id));
      expect(row!.name).not.toBe('冒名');
    });

    it('refuses a banned account with -999 您的账号已被封禁！ and no session', async () => {
      const phone = newPhone();
      const user = await createUser(db(), { phone });
      await banUser(db(), user);
      await sendCode(t.app, phone);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/PhoneLogin',
        payload: { phone, vcode: await outboxCode(t.app, phone) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: Code.ACCOUNT_BANNED, msg: '您的账号已被封禁！' });
      expect(setCookieValue(res, SESSION_COOKIE)).toBeUndefined();
      const live = await db().select().from(sessions).where(eq(sessions.userId, user.id));
      expect(live).toHaveLength(0);
    });

    describe('UpdatePhoneV2', () => {
      const bind = async (cookie: string, phone: string) => {
        await sendCode(t.app, phone);
        return t.app.inject({
          method: 'POST',
          url: '/api/auth/UpdatePhoneV2',
          headers: { cookie },
          payload: { phone, vcode: await outboxCode(t.app, phone) },
        });
      };

      it('binds a phone to a temporary account', async () => {
        const temp = await signIn(db(), { wechatOpenid: `o-${newPhone()}` });
        const phone = newPhone();
        const res = await bind(temp.cookie, phone);
        expect(res.json()).toMatchObject({
          code: Code.OK,
          data: { Phone: phone, isBindPhone: true, uguid: temp.user.uguid },
        });
      });

      it('answers -1 该手机号已被绑定！ when the number belongs to an account with its own WeChat', async () => {
        const phone = newPhone();
        await createUser(db(), { phone, wechatOpenid: `o-holder-${phone}` });
        const temp = await signIn(db(), { wechatOpenid: `o-temp-${phone}` });
        const res = await bind(temp.cookie, phone);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ code: -1, msg: '该手机号已被绑定！', data: null });
        const plain = await signIn(db());
        const phone2 = newPhone();
        await createUser(db(), { phone: phone2 });
        await t.platform.database.db.execute(sql`update rate_counters set reset_at = now()`);
        expect((await bind(plain.cookie, phone2)).json().code).toBe(-1);
      });

      it('moves a WeChat-only account into the phone account that has no WeChat, and signs it in', async () => {
        const phone = newPhone();
        const holder = await createUser(db(), { phone });
        const temp = await signIn(db(), {
          wechatOpenid: `o-merge-${phone}`,
          wechatUnionid: `u-merge-${phone}`,
        });
        const res = await bind(temp.cookie, phone);
        expect(res.json()).toMatchObject({
          code: Code.OK,
          data: { uguid: holder.uguid, isBindWechat: true },
        });
        const [moved] = await db().select().from(users).where(eq(users.id, holder.id));
        expect(moved!.wechatOpenid).toBe(`o-merge-${phone}`);
        expect((await getuinfo(temp.cookie)).statusCode).toBe(401);
        expect((await getuinfo(sessionCookie(res))).json().data.uguid).toBe(holder.uguid);
      });

      it('needs a signed-in account', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/UpdatePhoneV2',
          payload: { phone: newPhone(), vcode: '123456' },
        });
        expect(res.statusCode).toBe(401);
      });
    });
  });
}
