/**
 * Paid contact unlocks through the library's rows on both engines: UnlockUser2ProjectMap
 * charges DockPerCharge credits (bought through the sandbox) and opens the contacts in the
 * same transaction, never twice; without enough credits it answers -403 with {need, power}
 * and writes nothing; a VIP unlocks free; a per-use QR payment opens the same contacts; one
 * user's unlock opens nothing for another.
 */
import { Code } from '@jq/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, projects, userProjects } from '../../src/db/schema.js';
import { reconcile } from '../../src/modules/billing/reconcile.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { balanceOf, deliver, get, post, rechargeOrder, signedNotice } from './helpers.js';

const DAY = 86_400_000;
const PRICE = 199; // DockPerCharge: 19.90 yuan at 10 fen a credit
const CONTACT = {
  name: '郑海涛',
  title: '董事会秘书',
  phone: '13911112222',
  email: 'ir@haitao-tech.cn',
  wechat: 'zht2024',
};

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`paid contact unlock on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    async function newProject(name: string) {
      const [row] = await db()
        .insert(projects)
        .values({ name, industryId: 'ai', contacts: [CONTACT] })
        .returning({ id: projects.id });
      return row!.id;
    }

    /** Pays a p600 recharge through a signed sandbox notification: 600 credits. */
    async function recharge(cookie: string) {
      const orderno = await rechargeOrder(t, cookie, 'p600');
      const order = await get(t, `/api/pay/CheckChargeOrder?orderno=${orderno}`, cookie);
      expect(order.json().data).toBe(0);
      const res = await deliver(t, await signedNotice(t, { orderno, amount_fen: 4900 }));
      expect(res.statusCode, res.body).toBeLessThan(300);
    }

    const unlock = (cookie: string, pid: number) =>
      post(t, '/api/user/UnlockUser2ProjectMap', cookie, { pid });
    const contactsOf = async (cookie: string, pid: number) =>
      (await post(t, '/api/acproject/ProjectContactMembers', cookie, { pid })).json().data;
    const spendsOf = (userId: number) =>
      db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'spend')));

    it('unlocks with credits: contacts in full, the charge in the records, the relation kept', async () => {
      const pid = await newProject('杭州海涛智能科技有限公司');
      const { cookie, user } = await signIn(db());
      await recharge(cookie);
      expect(await balanceOf(t, cookie)).toBe(600);

      const before = await contactsOf(cookie, pid);
      expect(before).toMatchObject({ isUnlocked: false, unlockPower: PRICE });
      expect(before.contacts[0].phone).not.toBe(CONTACT.phone);

      const res = await unlock(cookie, pid);
      expect(res.json().code, res.body).toBe(Code.OK);
      expect(res.json().data).toMatchObject({
        pid,
        isUnlocked: true,
        contacts: [CONTACT],
        unlock: { via: 'credits', charged: PRICE, power: 600 - PRICE },
      });
      expect(await balanceOf(t, cookie)).toBe(600 - PRICE);
      const after = await contactsOf(cookie, pid);
      expect(after).toMatchObject({ isUnlocked: true, contacts: [CONTACT] });
      expect(after.unlockPower).toBeUndefined();

      const records = await post(t, '/api/jq/GetUserPowerCost', cookie, { type: 'spend' });
      expect(records.json().data.list).toEqual([
        expect.objectContaining({
          power: -PRICE,
          kindLabel: '消费',
          description: '解锁项目联系方式：杭州海涛智能科技有限公司',
          reference: `unlock:project:${pid}`,
          balanceAfter: 600 - PRICE,
        }),
      ]);
      const map = (await post(t, '/api/user/User2ProjectMap', cookie, {})).json().data;
      expect(map.list).toContainEqual(expect.objectContaining({ relations: ['unlocked'] }));
      expect(await spendsOf(user.id)).toHaveLength(1);
    });

    it('charges once however often, or however concurrently, the same project is unlocked', async () => {
      const pid = await newProject('成都双击生物医药有限公司');
      const { cookie, user } = await signIn(db());
      await recharge(cookie);
      const answers = await Promise.all(Array.from({ length: 10 }, () => unlock(cookie, pid)));
      expect(answers.map((a) => a.json().code)).toEqual(Array(10).fill(Code.OK));
      const vias = answers.map((a) => a.json().data.unlock.via);
      expect(vias.filter((via) => via === 'credits')).toHaveLength(1);
      expect(answers.reduce((sum, a) => sum + a.json().data.unlock.charged, 0)).toBe(PRICE);

      const again = await unlock(cookie, pid);
      expect(again.json().data.unlock).toEqual({ via: 'already', charged: 0, power: 600 - PRICE });
      expect(await balanceOf(t, cookie)).toBe(600 - PRICE);
      expect(await spendsOf(user.id)).toHaveLength(1);
      expect((await reconcile(db())).ok).toBe(true);
    });

    it('refuses without enough credits, with what it costs, and writes nothing', async () => {
      const pid = await newProject('南京穷尽材料科技有限公司');
      const { cookie, user } = await signIn(db());
      const res = await unlock(cookie, pid);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: Code.FORBIDDEN, data: { need: PRICE, power: 0 } });
      expect(res.json().msg).toContain('算力不足');
      expect(await db().select().from(userProjects).where(eq(userProjects.userId, user.id))).toEqual([]);
      expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).toEqual([]);
      expect((await contactsOf(cookie, pid)).isUnlocked).toBe(false);

      // After a recharge the same click works.
      await recharge(cookie);
      expect((await unlock(cookie, pid)).json().data.unlock).toMatchObject({
        via: 'credits',
        charged: PRICE,
      });
    });

    it('lets an active VIP unlock free, and charges a lapsed one', async () => {
      const pid = await newProject('武汉会员光电有限公司');
      const vip = await signIn(db(), { vipExpiresAt: new Date(Date.now() + DAY) });
      const res = await unlock(vip.cookie, pid);
      expect(res.json().data).toMatchObject({
        isUnlocked: true,
        contacts: [CONTACT],
        unlock: { via: 'vip', charged: 0, power: 0 },
      });
      expect(await spendsOf(vip.user.id)).toHaveLength(0);

      const lapsed = await signIn(db(), { vipExpiresAt: new Date(Date.now() - DAY) });
      expect((await unlock(lapsed.cookie, pid)).json()).toMatchObject({
        code: Code.FORBIDDEN,
        data: { need: PRICE, power: 0 },
      });
    });

    it("opens nothing for another user: each unlock is the buyer's own", async () => {
      const pid = await newProject('西安独享航天科技有限公司');
      const buyer = await signIn(db());
      await recharge(buyer.cookie);
      expect((await unlock(buyer.cookie, pid)).json().code).toBe(Code.OK);
      const other = await signIn(db());
      const seen = await contactsOf(other.cookie, pid);
      expect(seen).toMatchObject({ isUnlocked: false, unlockPower: PRICE });
      expect(JSON.stringify(seen)).not.toContain(CONTACT.phone);
      expect(await balanceOf(t, other.cookie)).toBe(0);
    });

    it('opens the contacts after a per-use QR payment (GetChargeCode DockPerCharge)', async () => {
      const pid = await newProject('厦门扫码支付科技有限公司');
      const { cookie, user } = await signIn(db());
      const order = await post(t, '/api/chat/GetChargeCode', cookie, {
        action: 'DockPerCharge',
        pid,
        money: 1990,
        clienttp: 'qrcode',
      });
      expect(order.json().code, order.body).toBe(Code.OK);
      const { orderno } = order.json().data;
      expect((await contactsOf(cookie, pid)).isUnlocked).toBe(false);
      await deliver(t, await signedNotice(t, { orderno, amount_fen: 1990 }));
      expect((await get(t, `/api/chat/CheckChargeOrder?orderno=${orderno}`, cookie)).json().data).toBe(1);
      expect(await contactsOf(cookie, pid)).toMatchObject({ isUnlocked: true, contacts: [CONTACT] });
      // Paid by QR: nothing left to pay, nothing charged again.
      expect((await unlock(cookie, pid)).json().data.unlock).toEqual({
        via: 'already',
        charged: 0,
        power: 0,
      });
      expect(await spendsOf(user.id)).toHaveLength(1);
    });

    it('answers 404 for an unknown project and 400 for a bad id, charging nothing', async () => {
      const { cookie, user } = await signIn(db());
      await recharge(cookie);
      const missing = await unlock(cookie, 987654321);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().msg).toBe('项目不存在');
      const bad = await unlock(cookie, -3);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/项目|pid/);
      expect(await balanceOf(t, cookie)).toBe(600);
      expect(await spendsOf(user.id)).toHaveLength(0);
      const visitor = await t.app.inject({
        method: 'POST',
        url: '/api/user/UnlockUser2ProjectMap',
        payload: { pid: 1 },
      });
      expect(visitor.statusCode).toBe(401);
    });
  });
}
