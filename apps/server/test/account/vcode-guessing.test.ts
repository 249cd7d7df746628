/**
 * Guessing someone's SMS code (issue 13, finding 4): a stranger's wrong tries must not burn
 * the owner's live code, and guessing stays impossible — 5 wrong tries per code for each
 * caller, 20 for all callers other than the one who asked for the code together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { newPhone, outboxCode } from './helpers.js';

const OWNER = 'owner-browser-0001';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`SMS code guessing on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());

    const send = (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/SendVCode',
        payload: { Phone: phone },
        headers: { 'x-client-id': OWNER },
        remoteAddress: '10.1.0.1',
      });
    const login = (phone: string, vcode: string, clientId: string, ip = '10.9.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/PhoneLogin',
        payload: { phone, vcode },
        headers: { 'x-client-id': clientId },
        remoteAddress: ip,
      });
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it("signs the owner in after a stranger's ten wrong tries", async () => {
      const phone = newPhone();
      expect((await send(phone)).statusCode).toBe(200);
      const code = await outboxCode(t.app, phone);
      for (let i = 0; i < 10; i++) {
        const res = await login(phone, wrong(code), 'stranger-000001');
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(/验证码错误/);
      }
      const owner = await login(phone, code, OWNER, '10.1.0.1');
      expect(owner.statusCode).toBe(200);
    });

    it('gives another caller 5 wrong tries per code, after which even the right digits are refused', async () => {
      const phone = newPhone();
      await send(phone);
      const code = await outboxCode(t.app, phone);
      for (let i = 0; i < 5; i++) await login(phone, wrong(code), 'stranger-000002');
      const sixth = await login(phone, code, 'stranger-000002');
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().msg).toBe('验证码错误次数过多，请重新获取');
    });

    it('stops all other callers together after 20 wrong tries, while the owner can still sign in', async () => {
      const phone = newPhone();
      await send(phone);
      const code = await outboxCode(t.app, phone);
      for (let i = 0; i < 20; i++)
        await login(phone, wrong(code), `rotating-${String(i).padStart(6, '0')}`, `10.8.0.${i + 1}`);
      const fresh = await login(phone, code, 'rotating-new-0001', '10.8.1.1');
      expect(fresh.statusCode).toBe(400);
      expect((await login(phone, code, OWNER, '10.1.0.1')).statusCode).toBe(200);
    });

    it("burns the code after the owner's own 5 wrong tries", async () => {
      const phone = newPhone();
      await send(phone);
      const code = await outboxCode(t.app, phone);
      for (let i = 0; i < 5; i++) await login(phone, wrong(code), OWNER, '10.1.0.1');
      const res = await login(phone, code, OWNER, '10.1.0.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('验证码已失效，请重新获取');
    });

    it('lets the right code through from another device (the owner typed it on a phone)', async () => {
      const phone = newPhone();
      await send(phone);
      const code = await outboxCode(t.app, phone);
      expect((await login(phone, code, 'phone-browser-01', '10.7.0.1')).statusCode).toBe(200);
    });
  });
}
