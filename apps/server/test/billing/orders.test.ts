/**
 * Orders: server-side prices (packages, per-use, VIP tiers to the fen), refused tampering,
 * the test environment's 1 fen, ownership of orders, and the per-user order rate limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOrders } from '../../src/db/schema.js';
import { getCommonCfgPrices, getPricing } from '../../src/modules/billing/pricing.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { get, isPaid, newConversation, post, rechargeOrder } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`billing orders on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    it('lists the recharge packages with their prices in fen', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/cfg/GetPowerChargeCfg' });
      expect(res.json().data).toEqual({
        list: [
          { id: 'p100', price: 990, listPrice: 990, power: 100, title: '100 算力' },
          { id: 'p600', price: 4900, listPrice: 4900, power: 600, title: '600 算力' },
          { id: 'p1300', price: 9900, listPrice: 9900, power: 1300, title: '1300 算力' },
        ],
        testMode: false,
      });
    });

    it('gives chat prices and the free quota of the caller', async () => {
      const anonymous = (await t.app.inject({ method: 'GET', url: '/api/cfg/GetChatCfg' })).json().data;
      expect(anonymous.ChatPerCharge).toBe(100);
      expect(anonymous.freeTurnsPerDay).toBe(3);
      const { cookie } = await signIn(db());
      expect((await get(t, '/api/cfg/GetChatCfg', cookie)).json().data.freeTurnsPerDay).toBe(10);
    });

    it('creates a recharge order priced by the server, with a sandbox QR payload', async () => {
      const { cookie, user } = await signIn(db());
      const res = await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p600', money: 4900 });
      const data = res.json().data;
      expect(data.orderno).toMatch(/^JQ\d{22}$/);
      // The sandbox page, with the single-use token a signed-out phone needs to open it.
      expect(data.code.startsWith(`${t.config.publicUrl}/api/pay/sandbox/${data.orderno}?t=`)).toBe(true);
      expect(data.paycfg).toMatchObject({
        provider: 'sandbox',
        amount: 4900,
        description: '算力充值 600 点',
      });
      const [row] = await db().select().from(payOrders);
      expect(row).toMatchObject({
        userId: user.id,
        kind: 'recharge',
        amountFen: 4900,
        credits: 600,
        status: 'created',
      });
      expect(await isPaid(t, cookie, data.orderno)).toMatchObject({ code: 1000, data: 0 });
    });

    it('refuses a client amount that differs from the price, and creates no order', async () => {
      const { cookie } = await signIn(db());
      const before = (await db().select().from(payOrders)).length;
      const res = await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p100', money: 1 });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('金额不符：应付 ¥9.90，收到 ¥0.01，请刷新页面后重试');
      const vip = await post(t, '/api/user/CreatePay', cookie, {
        money: 100,
        service: { viplength: 'year' },
      });
      expect(vip.statusCode).toBe(400);
      const perUse = await post(t, '/api/chat/GetChargeCode', cookie, {
        action: 'ChatPerCharge',
        money: 1,
        ConversationId: 'c1',
      });
      expect(perUse.statusCode).toBe(400);
      expect((await db().select().from(payOrders)).length).toBe(before);
    });

    it('refuses an unknown package and names the field in bad input', async () => {
      const { cookie } = await signIn(db());
      expect((await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p7' })).json().msg).toContain(
        '套餐不存在',
      );
      const bad = await post(t, '/api/user/CreatePay', cookie, { service: { viplength: 'week' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain('会员时长');
    });

    it('prices VIP month, season and year by the formulas, to the fen', async () => {
      const { cookie } = await signIn(db());
      const amounts: Record<string, number> = {};
      for (const viplength of ['month', 'season', 'year'] as const) {
        const res = await post(t, '/api/user/CreatePay', cookie, {
          service: { viplength },
          relatetype: 'vip',
          servicetp: 'VipCharge',
        });
        amounts[viplength] = res.json().data.paycfg.amount;
      }
      // Defaults: month ¥199, seasondiscount 0.9, yeardiscount 0.7.
      expect(amounts).toEqual({
        month: 19900,
        season: Math.round(3 * 19900 * 0.9),
        year: Math.round(12 * 19900 * 0.7),
      });
      expect(amounts).toEqual({ month: 19900, season: 53730, year: 167160 });
      const rows = await db().select().from(payOrders);
      expect(
        rows
          .filter((r) => r.kind === 'vip')
          .map((r) => r.metadata.days)
          .sort(),
      ).toEqual([30, 365, 90].sort());
      const sent = await post(t, '/api/user/CreatePay', cookie, {
        money: 53730,
        service: { viplength: 'season' },
      });
      expect(sent.json().code).toBe(1000);
    });

    it('exposes commoncfg prices: fen for unlocks, yuan for VIP, days by price', () => {
      expect(getCommonCfgPrices(t.config)).toEqual({
        OptPerCharge: 990,
        DockPerCharge: 1990,
        ChatPerCharge: 100,
        VipChargeArgs: { '199': 30, '1074.6': 180, '1671.6': 365 },
        VipChargeCfg: { month: 199, seasondiscount: 0.9, yeardiscount: 0.7 },
      });
      expect(getPricing(t.config).perUse.DockPerCharge.credits).toBe(199);
    });

    it('creates per-use and vipcharge orders at the configured prices', async () => {
      const { cookie } = await signIn(db());
      const chat = await post(t, '/api/chat/GetChargeCode', cookie, {
        action: 'ChatPerCharge',
        money: 100,
        ConversationId: await newConversation(t, cookie),
      });
      expect(chat.json().data.paycfg.amount).toBe(100);
      const vip = await post(t, '/api/chat/GetChargeCode', cookie, { action: 'vipcharge', money: 107460 });
      expect(vip.json().data.paycfg).toMatchObject({
        amount: 107460,
        description: '开通 VIP 半年卡（180 天）',
      });
      const unknownTier = await post(t, '/api/chat/GetChargeCode', cookie, {
        action: 'vipcharge',
        money: 5000,
      });
      expect(unknownTier.statusCode).toBe(400);
      const noTarget = await post(t, '/api/chat/GetChargeCode', cookie, { action: 'OptPerCharge' });
      expect(noTarget.json().msg).toContain('会话');
    });

    it("answers NOT_FOUND for another user's order number", async () => {
      const owner = await signIn(db());
      const other = await signIn(db());
      const orderno = await rechargeOrder(t, owner.cookie);
      for (const path of [
        '/api/pay/CheckChargeOrder',
        '/api/chat/CheckChargeOrder',
        '/api/user/checkOrder',
      ]) {
        const res = await get(t, `${path}?orderno=${orderno}`, other.cookie);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().msg).toBe('订单不存在');
        expect((await get(t, `${path}?orderno=${orderno}`, owner.cookie)).json().data, path).toBe(0);
      }
    });

    it('requires sign-in for orders and balances', async () => {
      for (const url of ['/api/user/GetUserPower', '/api/pay/CheckChargeOrder?orderno=JQ1234567']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pay/GenChargeOrder',
        payload: { id: 'p100' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('limits order creation per user to 10 a minute', async () => {
      const { cookie } = await signIn(db());
      const results = await Promise.all(
        Array.from({ length: 14 }, () => post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p100' })),
      );
      const codes = results.map((r) => r.json().code);
      expect(codes.filter((c) => c === 1000)).toHaveLength(10);
      expect(codes.filter((c) => c === -429)).toHaveLength(4);
      const someoneElse = await signIn(db());
      expect((await post(t, '/api/pay/GenChargeOrder', someoneElse.cookie, { id: 'p100' })).json().code).toBe(
        1000,
      );
    });

    it('reads the product slug into the records path', async () => {
      const { cookie } = await signIn(db());
      const res = await post(t, `/api/${t.config.product}/GetUserPowerCost`, cookie, {
        page: 1,
        pageSize: 10,
      });
      expect(res.json().data).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    });
  });
}

describe('billing in the test environment (PAY_TEST_MODE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAY_TEST_MODE: 'true' } });
  });
  afterAll(() => t.close());

  it('charges 1 fen and accepts the 1 the client sends, keeping the list price for display', async () => {
    const { cookie } = await signIn(t.platform.database.db);
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/cfg/GetPowerChargeCfg' })).json().data;
    expect(cfg.testMode).toBe(true);
    expect(cfg.list[0]).toMatchObject({ price: 1, listPrice: 990 });
    const vip = await post(t, '/api/user/CreatePay', cookie, { money: 1, service: { viplength: 'year' } });
    expect(vip.json().data.paycfg).toMatchObject({ amount: 1, listAmount: 167160 });
    const list = await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p100', money: 990 });
    expect(list.json().data.paycfg.amount).toBe(1);
    const wrong = await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p100', money: 2 });
    expect(wrong.statusCode).toBe(400);
    const tier = await post(t, '/api/chat/GetChargeCode', cookie, {
      action: 'vipcharge',
      money: 1,
      days: 30,
    });
    expect(tier.json().data.paycfg).toMatchObject({ amount: 1, description: '开通 VIP 月卡（30 天）' });
  });
});

describe('pay configuration', () => {
  it('names every missing WeChat Pay variable when PAY_PROVIDER=wechat', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(() => loadConfig({ PAY_PROVIDER: 'wechat', WECHATPAY_MCHID: '1900000109' })).toThrow(
      /WECHATPAY_APPID \/ WECHATPAY_SERIAL_NO \/ WECHATPAY_PRIVATE_KEY \/ WECHATPAY_APIV3_KEY \/ WECHATPAY_PLATFORM_PUBLIC_KEY \/ WECHATPAY_PLATFORM_SERIAL: PAY_PROVIDER=wechat 时必填/,
    );
    expect(() => loadConfig({ BILLING_RECHARGE_PACKAGES: '990-100' })).toThrow('BILLING_RECHARGE_PACKAGES');
  });
});
