import { Code } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { hasPostgres } from '../helpers/engines.js';
import {
  expireWindows,
  newPhone,
  outboxCode,
  sendCode,
  type TwoApps,
  twoAppsOnOneDatabase,
} from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`SMS codes on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());

    const login = (phone: string, vcode: string, ip = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/PhoneLogin',
        payload: { phone, vcode },
        remoteAddress: ip,
      });

    it('refuses a number that is not a mainland mobile with 请输入正确的手机号', async () => {
      for (const Phone of ['12345678901', '1381234567', '138123456789', '2381234567a', '']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/SendVCode', payload: { Phone } });
        expect(res.statusCode, Phone).toBe(400);
        expect(res.json().msg, Phone).toContain('请输入正确的手机号');
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/auth/SendVCode', payload: {} });
      expect(missing.json().msg).toContain('请输入正确的手机号');
    });

    it('sends a 6-digit code and answers 验证码已发送，请注意查收', async () => {
      const phone = newPhone();
      const res = await sendCode(t.app, phone);
      expect(res.json()).toMatchObject({ code: Code.OK, msg: '验证码已发送，请注意查收' });
      expect(await outboxCode(t.app, phone)).toMatch(/^\d{6}$/);
    });

    it('stores only a keyed hash of the code', async () => {
      const phone = newPhone();
      await sendCode(t.app, phone);
      const code = await outboxCode(t.app, phone);
      const [row] = await selectRows<Record<string, unknown>>(
        t.platform.database.db,
        sql`select * from sms_codes where phone = ${phone}`,
      );
      expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
    });

    it('refuses a second code within 60 s, then sends one after the wait', async () => {
      const phone = newPhone();
      expect((await sendCode(t.app, phone)).statusCode).toBe(200);
      const again = await sendCode(t.app, phone);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe(Code.RATE_LIMITED);
      expect(again.json().msg).toMatch(/请 \d+ 秒后再试/);
      await expireWindows(t.platform, `sms:resend:${phone}`);
      expect((await sendCode(t.app, phone)).statusCode).toBe(200);
    });

    it('caps codes per phone per day at 10', async () => {
      const phone = newPhone();
      for (let i = 0; i < 10; i++) {
        const res = await sendCode(t.app, phone, `10.1.0.${i}`);
        expect(res.statusCode, `send ${i + 1}`).toBe(200);
        await expireWindows(t.platform, `sms:resend:${phone}`);
      }
      const refused = await sendCode(t.app, phone, '10.1.0.99');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    });

    it('caps codes per IP per hour at 20, without charging the refused phone', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 20; i++) expect((await sendCode(t.app, newPhone(), ip)).statusCode).toBe(200);
      const victim = newPhone();
      const refused = await sendCode(t.app, victim, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toBe('当前网络获取验证码过于频繁，请稍后再试');
      // The refusal took nothing from the phone: it gets a code at once from elsewhere.
      expect((await sendCode(t.app, victim, '10.2.0.2')).statusCode).toBe(200);
    });

    it('refuses an expired code (5 minutes)', async () => {
      const phone = newPhone();
      await sendCode(t.app, phone);
      const code = await outboxCode(t.app, phone);
      await t.platform.database.db.execute(
        sql`update sms_codes set expires_at = now() - interval '1 second' where phone = ${phone}`,
      );
      const res = await login(phone, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('验证码已失效，请重新获取');
    });

    it('burns the code after 5 wrong tries, even for the right digits', async () => {
      const phone = newPhone();
      await sendCode(t.app, phone);
      const code = await outboxCode(t.app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) messages.push((await login(phone, wrong)).json().msg);
      expect(messages).toEqual([
        '验证码错误，还可尝试 4 次',
        '验证码错误，还可尝试 3 次',
        '验证码错误，还可尝试 2 次',
        '验证码错误，还可尝试 1 次',
        '验证码错误次数过多，请重新获取',
      ]);
      const right = await login(phone, code);
      expect(right.statusCode).toBe(400);
      expect(right.json().msg).toBe('验证码已失效，请重新获取');
    });

    it('takes a code once only', async () => {
      const phone = newPhone();
      await sendCode(t.app, phone);
      const code = await outboxCode(t.app, phone);
      expect((await login(phone, code)).statusCode).toBe(200);
      expect((await login(phone, code)).json().msg).toBe('验证码已失效，请重新获取');
    });

    it("refuses another phone's code and a malformed code", async () => {
      const [a, b] = [newPhone(), newPhone()];
      await sendCode(t.app, a);
      await sendCode(t.app, b);
      const codeA = await outboxCode(t.app, a);
      expect((await login(b, codeA)).statusCode).toBe(400);
      const empty = await login(a, '');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('请输入正确的验证码');
    });

    it('stops code guessing: 60 sign-in attempts per IP in 10 minutes', async () => {
      const ip = '10.3.0.1';
      const phone = newPhone();
      let last = await login(phone, '123456', ip);
      for (let i = 1; i < 60; i++) last = await login(phone, '123456', ip);
      expect(last.statusCode).toBe(400);
      const refused = await login(phone, '123456', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toMatch(/尝试次数过多/);
    });
  });
}

describe.skipIf(!hasPostgres)('SMS limits across two server processes on one PostgreSQL', () => {
  // One pair for both tests; each uses its own phone numbers.
  let two: TwoApps;
  beforeAll(async () => {
    two = await twoAppsOnOneDatabase({ migrated: true, env: { SMS_DAILY_LIMIT_PER_PHONE: '3' } });
  });
  afterAll(() => two?.close());

  it('shares the 60 s wait, the daily cap and the codes', async () => {
    const phone = newPhone();
    expect((await sendCode(two.a, phone)).statusCode).toBe(200);
    expect((await sendCode(two.b, phone)).statusCode).toBe(429);
    await expireWindows(two.platforms[0], `sms:resend:${phone}`);
    expect((await sendCode(two.b, phone)).statusCode).toBe(200);
    await expireWindows(two.platforms[0], `sms:resend:${phone}`);
    expect((await sendCode(two.a, phone)).statusCode).toBe(200);
    await expireWindows(two.platforms[0], `sms:resend:${phone}`);
    const capped = await sendCode(two.b, phone);
    expect(capped.json().msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    // A code sent through one process signs in through the other.
    const code = await outboxCode(two.a, phone);
    const res = await two.b.inject({
      method: 'POST',
      url: '/api/auth/PhoneLogin',
      payload: { phone, vcode: code },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous sends through', async () => {
    const phone = newPhone();
    const results = await Promise.all([sendCode(two.a, phone), sendCode(two.b, phone)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
  });
});

describe('the dev outbox', () => {
  it('logs the code with event sms.outbox and keeps it for the dev endpoint', async () => {
    const t = await createTestApp();
    try {
      const lines: object[] = [];
      const log = { info: (o: object) => lines.push(o), warn: () => {} };
      await t.platform.sms.sendCode({ phone: '13800000042', code: '424242', ttlMinutes: 5 }, log);
      expect(lines).toContainEqual({ event: 'sms.outbox', phone: '13800000042', code: '424242' });
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?phone=13800000042' });
      expect(res.json().data).toMatchObject({ phone: '13800000042', code: '424242' });
      const none = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${newPhone()}` });
      expect(none.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('is not served in production', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const phone = newPhone();
      expect((await sendCode(t.app, phone)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phone=${phone}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(Code.NOT_FOUND);
    } finally {
      await t.close();
    }
  });
});
