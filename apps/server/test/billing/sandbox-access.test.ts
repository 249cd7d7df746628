/**
 * Who may see and pay a sandbox order (issue 13, item 3): its owner signed in, or the phone
 * holding the single-use token of its QR link; nobody else, and they cannot tell the order
 * exists — a stranger, a signed-out caller and a wrong token get the page an unknown order
 * number gets, and nothing is paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { balanceOf, isPaid, post } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`sandbox pay page access on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      // The sandbox delivers its notification over real HTTP to this server.
      await t.app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    const page = async (method: 'GET' | 'POST', url: string, cookie?: string) => {
      const res = await t.app.inject({
        method,
        url,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(method === 'POST' ? { payload: '' } : {}),
      });
      return { status: res.statusCode, body: res.body };
    };

    it('shows and pays an order only for its owner or its QR token, once; others see an unknown order', async () => {
      const owner = await signIn(db());
      const stranger = await signIn(db());
      // The stranger's own order, which the owner's token must not open.
      const otherOrderno = (await post(t, '/api/pay/GenChargeOrder', stranger.cookie, { id: 'p100' })).json()
        .data.orderno as string;
      for (const [product, kind] of [
        [{ url: '/api/pay/GenChargeOrder', body: { id: 'p100' } }, 'recharge'],
        [
          { url: '/api/user/CreatePay', body: { service: { viplength: 'month' }, clienttp: 'qrcode' } },
          'vip',
        ],
      ] as const) {
        const order = await post(t, product.url, owner.cookie, product.body);
        expect(order.json().code, order.body).toBe(1000);
        const { orderno, code } = order.json().data as { orderno: string; code: string };
        const path = `/api/pay/sandbox/${orderno}`;

        // Signed out, another user, a wrong token: the unknown order's page, and nothing paid.
        const unknown = await page('GET', '/api/pay/sandbox/JQ2026010100000000000000');
        expect(unknown.status, kind).toBe(404);
        const refusals = [
          ['GET', path, undefined],
          ['POST', path, undefined],
          ['GET', path, stranger.cookie],
          ['POST', path, stranger.cookie],
          ['GET', `${path}?t=not-the-token`, undefined],
          ['POST', `${path}?t=not-the-token`, stranger.cookie],
        ] as const;
        for (const [method, url, cookie] of refusals) {
          expect(
            await page(method, url, cookie),
            `${kind} ${method} ${url} ${cookie ? 'stranger' : ''}`,
          ).toEqual(unknown);
        }
        expect(
          (await isPaid(t, owner.cookie, orderno, kind === 'vip' ? '/api/user/checkOrder' : undefined)).data,
        ).toBe(0);

        const qr = new URL(code);
        const token = qr.searchParams.get('t')!;
        expect(qr.pathname).toBe(path);
        expect(token).toMatch(/^[\w-]{32}$/);
        const withToken = `${path}?t=${encodeURIComponent(token)}`;
        // A token is good for its own order only.
        expect(await page('GET', `/api/pay/sandbox/${otherOrderno}?t=${encodeURIComponent(token)}`)).toEqual(
          unknown,
        );

        // The owner, signed in: the page, its form posting back without a token.
        const own = await page('GET', path, owner.cookie);
        expect(own.status).toBe(200);
        expect(own.body).toContain(`<form method="post" action="${path}">`);
        // The phone with the QR's token, signed out: the page, its form carrying the token.
        const phone = await page('GET', withToken);
        expect(phone.status).toBe(200);
        expect(phone.body).toContain(`action="${path}?t=${token}"`);
        const paid = await page('POST', withToken);
        expect(paid.status, paid.body).toBe(200);
        expect(paid.body).toContain('支付成功');
        // Used up: the token shows and pays nothing more; the owner still sees the paid order.
        expect(await page('GET', withToken)).toEqual(unknown);
        expect(await page('POST', withToken)).toEqual(unknown);
        expect((await page('GET', path, owner.cookie)).body).toContain('支付成功');
      }
      expect(await balanceOf(t, owner.cookie)).toBe(100);
      expect(await balanceOf(t, stranger.cookie)).toBe(0);
    });

    it('pays once when two phones confirm with the same token at the same time', async () => {
      const owner = await signIn(db());
      const order = await post(t, '/api/pay/GenChargeOrder', owner.cookie, { id: 'p100' });
      const qr = new URL((order.json().data as { code: string }).code);
      const answers = await Promise.all([1, 2, 3].map(() => page('POST', `${qr.pathname}${qr.search}`)));
      expect(answers.filter((a) => a.body.includes('支付成功'))).toHaveLength(1);
      expect(answers.filter((a) => a.status === 404)).toHaveLength(2);
      expect(await balanceOf(t, owner.cookie)).toBe(100);
    });

    it('lets the owner pay by session with no token at all', async () => {
      const owner = await signIn(db());
      const order = await post(t, '/api/pay/GenChargeOrder', owner.cookie, { id: 'p100' });
      const { orderno } = order.json().data as { orderno: string };
      const paid = await page('POST', `/api/pay/sandbox/${orderno}`, owner.cookie);
      expect(paid.body).toContain('支付成功');
      expect(await balanceOf(t, owner.cookie)).toBe(100);
    });
  });
}
