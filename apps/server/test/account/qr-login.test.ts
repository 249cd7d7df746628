import { Code, SESSION_COOKIE } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrLogins } from '../../src/db/schema.js';
import { banUser } from '../../src/modules/account/bans.js';
import { confirmPageOrigin } from '../../src/modules/account/qr-login.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { hasPostgres } from '../helpers/engines.js';
import { signIn } from '../helpers/users.js';
import { sessionCookie, setCookieValue, twoAppsOnOneDatabase } from './helpers.js';

type Inject = TestApp['app']['inject'];

/** A desktop browser: asks for a code and polls with its own nonce cookie. */
async function desktop(inject: Inject, headers: Record<string, string> = {}) {
  const res = await inject({ method: 'GET', url: '/api/auth/GetLoginQrcode', headers });
  const nonce = setCookieValue(res, 'jq_qr')!;
  const { code, url } = res.json().data;
  return {
    code: code as string,
    url: url as string,
    nonce,
    poll: (cookie = `jq_qr=${nonce}`) =>
      inject({ method: 'GET', url: `/api/auth/CheckLoginQrcode?code=${code}`, headers: { cookie } }),
  };
}

const confirm = (inject: Inject, cookie: string, code: string, action?: 'scan') =>
  inject({ method: 'POST', url: '/api/auth/ConfirmQrLogin', headers: { cookie }, payload: { code, action } });

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`QR sign-in on ${engine}`, () => {
    let t: TestApp;
    let inject: Inject;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      inject = t.app.inject.bind(t.app);
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    it('gives a login_ code and the URL of the confirm page at the address the browser used', async () => {
      const d = await desktop(inject, { host: '192.168.1.20:8080' });
      expect(d.code).toMatch(/^login_[\w-]{16,}$/);
      // No PUBLIC_URL here: http://localhost:PORT could never be opened from a phone.
      expect(d.url).toBe(`http://192.168.1.20:8080/jq/login?qr=${d.code}`);
      expect(d.nonce).toMatch(/^[\w-]{32}$/);
      const named = await desktop(inject, { host: 'JQ.Local' });
      expect(named.url).toBe(`http://jq.local/jq/login?qr=${named.code}`);
    });

    it('keeps a strange Host out of the QR and ignores X-Forwarded-Host without a trusted proxy', async () => {
      for (const host of ['evil.example/path', 'a b', 'x@evil.example', '"><script>']) {
        const d = await desktop(inject, { host });
        expect(d.url, host).toBe(`${t.config.publicUrl}/jq/login?qr=${d.code}`);
      }
      const forwarded = await desktop(inject, { host: '10.0.0.5:8080', 'x-forwarded-host': 'evil.example' });
      expect(forwarded.url).toBe(`http://10.0.0.5:8080/jq/login?qr=${forwarded.code}`);
    });

    it('answers -1 while waiting, then 1000 with a new session once the phone confirms', async () => {
      const d = await desktop(inject);
      const waiting = await d.poll();
      expect(waiting.statusCode).toBe(200);
      expect(waiting.json()).toMatchObject({ code: -1, data: { status: 'waiting' } });
      const phone = await signIn(db(), { phone: '13700000001' });
      expect((await confirm(inject, phone.cookie, d.code, 'scan')).json().code).toBe(Code.OK);
      expect((await d.poll()).json()).toMatchObject({ code: -1, data: { status: 'scanned' } });
      expect((await confirm(inject, phone.cookie, d.code)).json().code).toBe(Code.OK);
      const done = await d.poll();
      expect(done.json()).toMatchObject({
        code: Code.OK,
        data: { uguid: phone.user.uguid, isBindPhone: true },
      });
      const cookie = sessionCookie(done);
      expect(cookie).not.toBe(phone.cookie);
      const me = await inject({ method: 'GET', url: '/api/auth/getuinfo', headers: { cookie } });
      expect(me.json().data.uguid).toBe(phone.user.uguid);
    });

    it('tells the desktop to bind a phone when the confirming account has none', async () => {
      const d = await desktop(inject);
      const wechatOnly = await signIn(db(), { wechatOpenid: 'o-qr-no-phone' });
      await confirm(inject, wechatOnly.cookie, d.code);
      expect((await d.poll()).json().data).toMatchObject({ isBindPhone: false, Phone: '' });
    });

    it('consumes a confirmed code once: a second poll or confirmation is refused', async () => {
      const d = await desktop(inject);
      const phone = await signIn(db());
      await confirm(inject, phone.cookie, d.code);
      expect((await d.poll()).json().code).toBe(Code.OK);
      const reused = await d.poll();
      expect(reused.statusCode).toBe(400);
      expect(reused.json().msg).toBe('该二维码已被使用，请刷新二维码');
      expect(setCookieValue(reused, SESSION_COOKIE)).toBeUndefined();
      expect((await confirm(inject, phone.cookie, d.code)).json().msg).toBe(
        '该二维码已被使用，请在电脑上刷新二维码',
      );
    });

    it('gives the session only to the browser that asked for the code', async () => {
      const d = await desktop(inject);
      const phone = await signIn(db());
      await confirm(inject, phone.cookie, d.code);
      const stranger = await d.poll('jq_qr=someone-elses-nonce-0123456789abcdefg');
      expect(stranger.statusCode).toBe(400);
      const noCookie = await d.poll('');
      expect(noCookie.statusCode).toBe(400);
      expect((await d.poll()).json().code).toBe(Code.OK);
    });

    it('expires a code after 60 polls', async () => {
      const d = await desktop(inject);
      await db().update(qrLogins).set({ polls: 59 }).where(eq(qrLogins.code, d.code));
      expect((await d.poll()).json().code).toBe(-1);
      const expired = await d.poll();
      expect(expired.statusCode).toBe(400);
      expect(expired.json().msg).toBe('二维码已过期，请刷新二维码');
      const phone = await signIn(db());
      expect((await confirm(inject, phone.cookie, d.code)).json().msg).toBe(
        '二维码已过期，请在电脑上刷新二维码',
      );
    });

    it('expires a code after 90 s', async () => {
      const d = await desktop(inject);
      const phone = await signIn(db());
      await confirm(inject, phone.cookie, d.code);
      await db().execute(
        sql`update qr_logins set expires_at = now() - interval '1 second' where code = ${d.code}`,
      );
      expect((await d.poll()).json().msg).toBe('二维码已过期，请刷新二维码');
    });

    it('answers -999 when the confirming account is banned before the poll', async () => {
      const d = await desktop(inject);
      const phone = await signIn(db());
      await confirm(inject, phone.cookie, d.code);
      await banUser(db(), phone.user);
      const res = await d.poll();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: Code.ACCOUNT_BANNED, msg: '您的账号已被封禁！' });
      expect(setCookieValue(res, SESSION_COOKIE)).toBeUndefined();
    });

    it('needs a signed-in phone to confirm, and a well-formed code', async () => {
      const d = await desktop(inject);
      expect((await confirm(inject, '', d.code)).statusCode).toBe(401);
      const phone = await signIn(db());
      expect((await confirm(inject, phone.cookie, 'login_unknown-code-0000000')).json().msg).toBe(
        '二维码无效，请在电脑上刷新二维码',
      );
      expect((await confirm(inject, phone.cookie, 'not-a-code')).statusCode).toBe(400);
    });
  });
}

describe.skipIf(!hasPostgres)('QR sign-in across two server processes', () => {
  it('confirms on one process and signs the desktop in on the other', async () => {
    const two = await twoAppsOnOneDatabase();
    try {
      const d = await desktop(two.a.inject.bind(two.a));
      const phone = await signIn(two.platforms[1].database.db);
      expect((await confirm(two.b.inject.bind(two.b), phone.cookie, d.code)).json().code).toBe(Code.OK);
      expect((await d.poll()).json().code).toBe(Code.OK);
    } finally {
      await two.close();
    }
  });
});

describe('where the QR sends the phone', () => {
  const unset = { publicUrl: 'http://localhost:8080', isPublicUrlSet: false };
  const set = { publicUrl: 'https://jq.example.com/', isPublicUrlSet: true };

  it('uses PUBLIC_URL when it is set, whatever address the browser used', () => {
    expect(confirmPageOrigin(set, { protocol: 'http', host: '192.168.1.20:8080' })).toBe(
      'https://jq.example.com',
    );
  });

  it('uses the browser’s address otherwise: LAN address, name, IPv6, https behind a trusted proxy', () => {
    expect(confirmPageOrigin(unset, { protocol: 'http', host: '192.168.1.20:8080' })).toBe(
      'http://192.168.1.20:8080',
    );
    expect(confirmPageOrigin(unset, { protocol: 'https', host: 'jq.lan' })).toBe('https://jq.lan');
    expect(confirmPageOrigin(unset, { protocol: 'http', host: '[fe80::1]:8080' })).toBe(
      'http://[fe80::1]:8080',
    );
    expect(confirmPageOrigin(unset, undefined)).toBe('http://localhost:8080');
  });

  it('falls back to the default for anything that is not a plain host', () => {
    for (const host of ['', 'a/b', 'a?b', 'a#b', 'user@host', 'host:99999999', 'a..b', '-a.com']) {
      expect(confirmPageOrigin(unset, { protocol: 'http', host }), host).toBe('http://localhost:8080');
    }
    expect(confirmPageOrigin(unset, { protocol: 'javascript', host: 'a.com' })).toBe('http://localhost:8080');
  });

  it('answers the PUBLIC_URL address through the app when it is set', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://jq.example.com' } });
    try {
      const d = await desktop(t.app.inject.bind(t.app), { host: '192.168.1.20:8080' });
      expect(d.url).toBe(`https://jq.example.com/jq/login?qr=${d.code}`);
    } finally {
      await t.close();
    }
  });
});
