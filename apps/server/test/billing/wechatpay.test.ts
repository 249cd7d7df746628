/**
 * WeChat Pay v3 against a local fake that verifies our request signatures and signs and
 * encrypts like WeChat Pay: Native and JSAPI orders, notifications (credited once, forged or
 * replayed ones refused), the order query when a notification is late, the expiry close, refunds.
 */
import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOrders, users } from '../../src/db/schema.js';
import { closeExpiredOrders, refundOrder } from '../../src/modules/billing/lifecycle.js';
import { findOrderByNo } from '../../src/modules/billing/orders.js';
import { type FakeWechatPay, startFakeWechatPay } from '../fakes/wechatpay-server.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { balanceOf, get, isPaid, post, rechargeOrder } from './helpers.js';

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const APIV3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const pem = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
const spki = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`WeChat Pay v3 on ${engine}`, () => {
    let t: TestApp;
    let fake: FakeWechatPay;
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

    beforeAll(async () => {
      fake = await startFakeWechatPay({
        mchid: MCHID,
        appid: APPID,
        merchantSerial: 'MERCHANT0001',
        merchantPublicKey: merchant.publicKey,
        platformSerial: 'PUB_KEY_ID_0001',
        platformPrivateKey: platform.privateKey,
        apiV3Key: APIV3_KEY,
      });
      const port = await freePort();
      t = await createTestApp({
        engine,
        env: {
          PORT: String(port),
          PAY_PROVIDER: 'wechat',
          WECHATPAY_MCHID: MCHID,
          WECHATPAY_APPID: APPID,
          WECHATPAY_SERIAL_NO: 'MERCHANT0001',
          WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey),
          WECHATPAY_APIV3_KEY: APIV3_KEY,
          WECHATPAY_PLATFORM_PUBLIC_KEY: spki(platform.publicKey),
          WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001',
          WECHATPAY_NOTIFY_URL: `http://127.0.0.1:${port}/api/pay/notify/wechat`,
          WECHATPAY_API_BASE: fake.url,
        },
      });
      await t.app.listen({ host: '127.0.0.1', port });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const db = () => t.platform.database.db;
    const deps = () => ({ db: db(), pay: t.platform.pay, log: quiet });
    const notify = (note: { headers: Record<string, string>; body: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/wechat',
        headers: note.headers,
        payload: note.body,
      });

    it('reports the pay engine in health', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json().data.engines.pay).toBe('wechat');
    });

    it('places a Native order signed with the merchant key and returns its code_url as the QR', async () => {
      const { cookie } = await signIn(db());
      const res = await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p100' });
      const data = res.json().data;
      expect(data.code).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(data.payQrcodeUrl).toBe(data.code);
      const order = fake.orders.get(data.orderno)!;
      expect(order.tradeType).toBe('NATIVE');
      expect(order.request).toMatchObject({
        appid: APPID,
        mchid: MCHID,
        description: '算力充值 100 点',
        notify_url: `${t.config.pay.wechat.notifyUrl}`,
        amount: { total: 990, currency: 'CNY' },
      });
      expect(order.request.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
      expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', isAuthorized: true });
    });

    it('gives a JSAPI payJsConfig whose paySign verifies with the merchant public key', async () => {
      const { cookie } = await signIn(db(), { wechatOpenid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
      const res = await post(t, '/api/user/CreatePay', cookie, {
        service: { viplength: 'month' },
        clienttp: 'wechat',
      });
      const { payJsConfig, orderno, code } = res.json().data;
      expect(code).toBe('');
      expect(payJsConfig).toMatchObject({ appId: APPID, signType: 'RSA' });
      expect(payJsConfig.package).toMatch(/^prepay_id=wx/);
      const message = `${payJsConfig.appId}\n${payJsConfig.timeStamp}\n${payJsConfig.nonceStr}\n${payJsConfig.package}\n`;
      expect(
        createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, payJsConfig.paySign, 'base64'),
      ).toBe(true);
      expect(fake.orders.get(orderno)!.request.payer).toEqual({ openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
      const unbound = await signIn(db());
      const refused = await post(t, '/api/pay/GetWxJsPay', unbound.cookie, { id: 'p100' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toContain('绑定微信');
    });

    it('decrypts a notification and credits once, however often it is delivered', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      expect(await fake.pay(orderno)).toBe(204);
      expect(await balanceOf(t, cookie)).toBe(100);
      const note = fake.notification(orderno);
      const again = await Promise.all(Array.from({ length: 50 }, () => notify(note)));
      expect(new Set(again.map((r) => r.statusCode))).toEqual(new Set([204]));
      expect(await balanceOf(t, cookie)).toBe(100);
      const order = (await findOrderByNo(db(), orderno))!;
      expect(order.providerTxnId).toBe(fake.orders.get(orderno)!.transactionId);
    });

    it('refuses a bad platform signature, an unknown serial, a replay, a wrong key, another merchant or amount', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      await fake.pay(orderno, false);
      const cases = [
        { opts: { signWith: stranger.privateKey }, status: 401, message: '签名无效' },
        { opts: { serial: 'PUB_KEY_ID_9999' }, status: 401, message: '序列号' },
        { opts: { timestamp: Math.floor(Date.now() / 1000) - 301 }, status: 401, message: '5 分钟' },
        { opts: { apiV3Key: 'z'.repeat(32) }, status: 401, message: '解密失败' },
        { opts: { transaction: { mchid: '1900000999' } }, status: 401, message: '商户号' },
        { opts: { transaction: { amount: { total: 1, currency: 'CNY' } } }, status: 400, message: '不符' },
      ];
      for (const { opts, status, message } of cases) {
        const res = await notify(fake.notification(orderno, opts));
        expect(res.statusCode, message).toBe(status);
        expect(res.json().code).toBe('FAIL');
        expect(res.json().message).toContain(message);
      }
      const tampered = fake.notification(orderno);
      const res = await notify({ ...tampered, body: tampered.body.replace('"支付成功"', '"成功"') });
      expect(res.statusCode).toBe(401);
      expect(await balanceOf(t, cookie)).toBe(0);
      expect((await findOrderByNo(db(), orderno))!.status).toBe('created');
    });

    it('queries WeChat Pay when a notification is late, and credits the payment it finds', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie, 'p600');
      await fake.pay(orderno, false);
      expect((await isPaid(t, cookie, orderno)).data).toBe(0); // too young to ask
      await db()
        .update(payOrders)
        .set({ createdAt: sql`now() - interval '20 seconds'` })
        .where(eq(payOrders.orderno, orderno));
      expect((await isPaid(t, cookie, orderno)).data).toBe(1);
      expect(await balanceOf(t, cookie)).toBe(600);
      expect(
        fake.requests.some(
          (r) =>
            r.method === 'GET' &&
            r.path.startsWith(`/v3/pay/transactions/out-trade-no/${orderno}?mchid=${MCHID}`),
        ),
      ).toBe(true);
      expect(await fake.pay(orderno)).toBe(204);
      expect(await balanceOf(t, cookie)).toBe(600);
    });

    it('closes an expired unpaid order at WeChat Pay before closing it here', async () => {
      const { cookie } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      await db()
        .update(payOrders)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(payOrders.orderno, orderno));
      await closeExpiredOrders(deps());
      expect(fake.orders.get(orderno)!.state).toBe('CLOSED');
      expect((await findOrderByNo(db(), orderno))!.status).toBe('closed');
    });

    it('refunds through /v3/refund/domestic/refunds with the full amount', async () => {
      const { cookie, user } = await signIn(db());
      const orderno = await rechargeOrder(t, cookie);
      await fake.pay(orderno);
      const outcome = await refundOrder(deps(), orderno, '用户申请退款');
      expect(outcome.providerStatus).toBe('success');
      expect(fake.orders.get(orderno)!.state).toBe('REFUND');
      expect(fake.refunds.get(`R${orderno}`)).toMatchObject({
        status: 'SUCCESS',
        amount: { refund: 990, total: 990 },
      });
      expect(await balanceOf(t, cookie)).toBe(0);
      expect((await db().select().from(users).where(eq(users.id, user.id))).length).toBe(1);
    });

    it('closes the order and says so when WeChat Pay refuses our signature', async () => {
      const { cookie } = await signIn(db());
      fake.setMerchantKey(stranger.publicKey);
      try {
        const res = await post(t, '/api/pay/GenChargeOrder', cookie, { id: 'p100' });
        expect(res.statusCode).toBe(503);
        expect(res.json().msg).toContain('获取充值信息失败');
        const rows = await db().select().from(payOrders).where(eq(payOrders.status, 'closed'));
        expect(rows.some((r) => String(r.metadata.createError).includes('SIGN_ERROR'))).toBe(true);
      } finally {
        fake.setMerchantKey(merchant.publicKey);
      }
      expect((await get(t, '/api/user/GetUserPower', cookie)).json().data.power).toBe(0);
    });
  });
}
