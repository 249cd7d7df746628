/**
 * An order's life after creation: the state machine refuses illegal moves, VIP payments
 * extend an active membership, unpaid orders close on expiry (and a payment that arrives
 * after closing is still booked), refunds reverse the books once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payOrders, users, vipPeriods } from '../../src/db/schema.js';
import { charge } from '../../src/modules/billing/index.js';
import { closeExpiredOrders, refundOrder } from '../../src/modules/billing/lifecycle.js';
import { canTransition, findOrderByNo, transition } from '../../src/modules/billing/orders.js';
import { reconcile } from '../../src/modules/billing/reconcile.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { balanceOf, deliver, isPaid, post, rechargeOrder, signedNotice } from './helpers.js';

const DAY = 86_400_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`order lifecycle on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const deps = () => ({ db: db(), pay: t.platform.pay, log: quiet });

    async function payOrder(orderno: string) {
      const order = (await findOrderByNo(db(), orderno))!;
      const res = await deliver(t, await signedNotice(t, { orderno, amount_fen: order.amountFen }));
      expect(res.statusCode, res.body).toBe(204);
    }

    async function buyVip(cookie: string, viplength: 'month' | 'season' | 'year') {
      const res = await post(t, '/api/user/CreatePay', cookie, { service: { viplength } });
      await payOrder(res.json().data.orderno);
      return res.json().data.orderno as string;
    }

    it('allows only the transitions of the state machine', () => {
      expect(canTransition('created', 'paid')).toBe(true);
      expect(canTransition('created', 'closed')).toBe(true);
      expect(canTransition('closed', 'paid')).toBe(true);
      expect(canTransition('paid', 'fulfilled')).toBe(true);
      expect(canTransition('fulfilled', 'refunded')).toBe(true);
      expect(canTransition('created', 'fulfilled')).toBe(false);
      expect(canTransition('created', 'refunded')).toBe(false);
      expect(canTransition('fulfilled', 'closed')).toBe(false);
      expect(canTransition('refunded', 'paid')).toBe(false);
      expect(canTransition('fulfilled', 'paid')).toBe(false);
    });

    it('refuses illegal transitions in the database: fulfil unpaid, close paid, refund unpaid', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      const order = (await findOrderByNo(db(), orderno))!;
      expect(await transition(db(), order.id, 'fulfilled')).toBeNull();
      expect(await transition(db(), order.id, 'refunded')).toBeNull();
      await expect(refundOrder(deps(), orderno, '测试')).rejects.toThrow('只有已完成的订单可以退款');
      await payOrder(orderno);
      expect(await transition(db(), order.id, 'closed')).toBeNull();
      expect(await transition(db(), order.id, 'paid')).toBeNull();
      expect((await findOrderByNo(db(), orderno))!.status).toBe('fulfilled');
    });

    it('starts a new VIP from now and adds to an active one', async () => {
      const fresh = await signIn(db());
      const before = Date.now();
      await buyVip(fresh.cookie, 'month');
      const [row] = await db().select().from(users).where(eq(users.id, fresh.user.id));
      expect(row!.vipExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 5000);
      expect(row!.vipExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 5000);

      const activeUntil = new Date(Date.now() + 10 * DAY);
      const active = await signIn(db(), { vipExpiresAt: activeUntil });
      await buyVip(active.cookie, 'season');
      await buyVip(active.cookie, 'year');
      const [extended] = await db().select().from(users).where(eq(users.id, active.user.id));
      expect(extended!.vipExpiresAt!.getTime()).toBe(activeUntil.getTime() + (90 + 365) * DAY);
      const periods = await db().select().from(vipPeriods).where(eq(vipPeriods.userId, active.user.id));
      expect(periods.map((p) => p.days).sort()).toEqual([365, 90]);
    });

    it('counts a lapsed VIP from now, not from its old expiry', async () => {
      const lapsed = await signIn(db(), { vipExpiresAt: new Date(Date.now() - 100 * DAY) });
      await buyVip(lapsed.cookie, 'month');
      const [row] = await db().select().from(users).where(eq(users.id, lapsed.user.id));
      expect(Math.abs(row!.vipExpiresAt!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(5000);
      expect(
        await isPaid(
          t,
          lapsed.cookie,
          (await db().select().from(payOrders).where(eq(payOrders.userId, lapsed.user.id)))[0]!.orderno,
          '/api/user/checkOrder',
        ),
      ).toMatchObject({ data: 1 });
    });

    it('closes unpaid orders past their expiry, and still books a payment that arrives later', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      await db()
        .update(payOrders)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(payOrders.orderno, orderno));
      expect(await closeExpiredOrders(deps())).toBeGreaterThanOrEqual(1);
      expect((await findOrderByNo(db(), orderno))!.status).toBe('closed');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/pay/sandbox/${orderno}`, headers: { cookie } })).body,
      ).toContain('订单已关闭');
      await payOrder(orderno);
      expect((await findOrderByNo(db(), orderno))!.status).toBe('fulfilled');
      expect(await balanceOf(t, cookie)).toBe(100);
    });

    it('refunds a recharge once: credits and money reversed, provider asked, reconcile clean', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      await payOrder(orderno);
      const first = await refundOrder(deps(), orderno, '用户申请');
      expect(first.providerStatus).toBe('success');
      expect(first.order.status).toBe('refunded');
      expect(await balanceOf(t, cookie)).toBe(0);
      const again = await refundOrder(deps(), orderno, '用户申请');
      expect(again.providerStatus).toBe('success');
      const order = (await findOrderByNo(db(), orderno))!;
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
      expect(entries.map((e) => [e.currency, e.kind, e.amount]).sort()).toEqual([
        ['credit', 'recharge', 100],
        ['credit', 'refund', -100],
        ['fen', 'recharge', 990],
        ['fen', 'refund', -990],
      ]);
      expect((await reconcile(db())).discrepancies).toEqual([]);
    });

    it('refuses to refund credits already spent, and changes nothing', async () => {
      const { cookie, user } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      await payOrder(orderno);
      await charge(db(), { userId: user.id, what: '测试消费', credits: 60, reference: 'test:spent' });
      await expect(refundOrder(deps(), orderno, '用户申请')).rejects.toThrow('余额不足以退回');
      expect((await findOrderByNo(db(), orderno))!.status).toBe('fulfilled');
      expect(await balanceOf(t, cookie)).toBe(40);
    });

    it('refunds a VIP order by taking its days back', async () => {
      const { cookie, user } = await signIn(db());
      const orderno = await buyVip(cookie, 'month');
      const [paid] = await db().select().from(users).where(eq(users.id, user.id));
      await refundOrder(deps(), orderno, '误购');
      const [after] = await db().select().from(users).where(eq(users.id, user.id));
      expect(after!.vipExpiresAt!.getTime()).toBe(paid!.vipExpiresAt!.getTime() - 30 * DAY);
      expect((await reconcile(db())).discrepancies).toEqual([]);
    });
  });
}
