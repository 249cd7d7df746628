/**
 * Payment notifications through the sandbox provider: the pay page over real HTTP, the
 * same notification delivered 1,000 times at once crediting once, and forged, replayed,
 * mismatched or unknown notifications refused with nothing credited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payOrders } from '../../src/db/schema.js';
import { applyPayment, PaymentRefused } from '../../src/modules/billing/payments.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { balanceOf, deliver, isPaid, newConversation, rechargeOrder, signedNotice } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`payment notifications on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      // The sandbox delivers its notification over real HTTP to this server.
      await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const entriesOf = async (orderno: string) => {
      const [order] = await db().select().from(payOrders).where(eq(payOrders.orderno, orderno));
      const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id));
      return { order: order!, entries };
    };

    it('shows the sandbox pay page without scripts, and its 确认支付 credits the balance once', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/pay/sandbox/${orderno}`,
        headers: { cookie },
      });
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('算力充值 100 点');
      expect(page.body).toContain('¥9.90');
      expect(page.body).toContain(`<form method="post" action="/api/pay/sandbox/${orderno}">`);
      expect(page.body).toContain('确认支付');
      expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost)/);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");

      // The owner confirms, signed in (the QR link's token is the other way: sandbox-access.test.ts).
      const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/pay/sandbox/${orderno}`,
        headers: form,
        payload: '',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.body).toContain('支付成功');
      expect(await balanceOf(t, cookie)).toBe(100);
      expect(await isPaid(t, cookie, orderno)).toMatchObject({ code: 1000, data: 1 });

      const again = await t.app.inject({
        method: 'POST',
        url: `/api/pay/sandbox/${orderno}`,
        headers: form,
        payload: '',
      });
      expect(again.body).toContain('支付成功');
      expect(await balanceOf(t, cookie)).toBe(100);
      const { order, entries } = await entriesOf(orderno);
      expect(order.status).toBe('fulfilled');
      expect(entries.map((e) => [e.currency, e.kind, e.amount]).sort()).toEqual([
        ['credit', 'recharge', 100],
        ['fen', 'recharge', 990],
      ]);
    });

    it('credits once when the same notification arrives 1,000 times at once', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie, 'p1300');
      const notice = await signedNotice(t, { orderno, amount_fen: 9900 });
      const results = await Promise.all(Array.from({ length: 1000 }, () => deliver(t, notice)));
      expect(results.map((r) => r.statusCode).filter((s) => s !== 204)).toEqual([]);
      expect(await balanceOf(t, cookie)).toBe(1300);
      const { entries } = await entriesOf(orderno);
      expect(entries).toHaveLength(2);
    });

    it('refuses a notification with a bad signature, and credits nothing', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      const notice = await signedNotice(t, { orderno, amount_fen: 990 });
      const forged = {
        ...notice,
        headers: { ...notice.headers, 'sandbox-signature': Buffer.alloc(32, 7).toString('base64') },
      };
      const res = await deliver(t, forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'FAIL', message: '沙箱通知签名无效' });
      const tampered = await deliver(t, { ...notice, body: notice.body.replace('990', '99000') });
      expect(tampered.statusCode).toBe(401);
      expect(await balanceOf(t, cookie)).toBe(0);
      expect((await entriesOf(orderno)).order.status).toBe('created');
    });

    it('refuses a replayed notification older than 5 minutes', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      const old = await signedNotice(t, { orderno, amount_fen: 990 }, Math.floor(Date.now() / 1000) - 301);
      const res = await deliver(t, old);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toContain('过期');
      expect(await balanceOf(t, cookie)).toBe(0);
    });

    it('refuses an amount that differs from the order and an unknown order number', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      const cheap = await deliver(t, await signedNotice(t, { orderno, amount_fen: 1 }));
      expect(cheap.statusCode).toBe(400);
      expect(cheap.json().message).toBe('支付金额 1 分与订单金额 990 分不符');
      const unknown = await deliver(
        t,
        await signedNotice(t, { orderno: 'JQ20990101000000999999', amount_fen: 990 }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(await balanceOf(t, cookie)).toBe(0);
      const { order, entries } = await entriesOf(orderno);
      expect(order.status).toBe('created');
      expect(entries).toEqual([]);
    });

    it('logs each refusal with its reason', async () => {
      const events: object[] = [];
      const log = {
        info: () => {},
        warn: (o: object) => events.push(o),
        error: (o: object) => events.push(o),
      };
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      const notice = { provider: 'sandbox' as const, providerTxnId: 'x', paidAt: new Date() };
      await expect(applyPayment(db(), { ...notice, orderno, amountFen: 5 }, log)).rejects.toBeInstanceOf(
        PaymentRefused,
      );
      await expect(
        applyPayment(db(), { ...notice, orderno: 'JQnope000', amountFen: 5 }, log),
      ).rejects.toThrow('订单不存在');
      await expect(
        applyPayment(db(), { ...notice, provider: 'wechat', orderno, amountFen: 990 }, log),
      ).rejects.toThrow('渠道');
      expect(events).toEqual([
        expect.objectContaining({
          event: 'pay.notify.refused',
          reason: 'amount',
          expectedFen: 990,
          paidFen: 5,
        }),
        expect.objectContaining({ event: 'pay.notify.refused', reason: 'unknown_order' }),
        expect.objectContaining({ event: 'pay.notify.refused', reason: 'provider' }),
      ]);
    });

    it('answers 404 for a provider that is not configured', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', payload: '{}' });
      expect(res.statusCode).toBe(404);
    });

    it('credits a per-use payment and spends it on the unlock, once', async () => {
      const { cookie, user } = await signIn(db());
      const chatuuid = await newConversation(t, cookie);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/GetChargeCode',
        headers: { cookie },
        payload: { action: 'ChatPerCharge', ConversationId: chatuuid, money: 100 },
      });
      const orderno = res.json().data.orderno;
      const notice = await signedNotice(t, { orderno, amount_fen: 100 });
      await Promise.all([deliver(t, notice), deliver(t, notice), deliver(t, notice)]);
      expect(await balanceOf(t, cookie)).toBe(0);
      const spends = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
      expect(spends.map((e) => [e.currency, e.kind, e.amount, e.reference]).sort()).toEqual([
        ['credit', 'recharge', 10, orderno],
        ['credit', 'spend', -10, `unlock:chat:${chatuuid}`],
        ['fen', 'recharge', 100, orderno],
      ]);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/pay/PowerUnlock',
        headers: { cookie },
        payload: { action: 'ChatPerCharge', ConversationId: chatuuid },
      });
      expect(again.json().data).toMatchObject({ via: 'already', charged: 0 });
    });
  });
}
