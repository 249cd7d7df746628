import { createHash } from 'node:crypto';
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEvents, users } from '../../src/db/schema.js';
import { banUser } from '../../src/modules/account/bans.js';
import { signJsapi } from '../../src/modules/account/wechat-api.js';
import { type FakeWechat, startFakeWechat } from '../fakes/wechat.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { createUser, signIn } from '../helpers/users.js';
import { newPhone, outboxCode, sendCode, sessionCookie, setCookieValue } from './helpers.js';

const MP_TOKEN = 'jqTestToken2026';
let codeSeq = 0;
const nextCode = () => `wx-code-${++codeSeq}`;

describe('WeChat JS-SDK signature', () => {
  it("matches the example of WeChat's JS-SDK documentation", () => {
    const signature = signJsapi(
      'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      'Wm3WZYTPz0wzccnW',
      1414587457,
      'http://mp.weixin.qq.com?params=value',
    );
    expect(signature).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('WeChat when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers -501 未配置微信登录 on every WeChat row and tells the client it is off', async () => {
    const { cookie } = await signIn(t.platform.database.db);
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/auth/WxAppid' }),
      t.app.inject({ method: 'GET', url: '/api/auth/wechatlogin?code=abc' }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/bindwechat',
        headers: { cookie },
        payload: { code: 'abc' },
      }),
      t.app.inject({ method: 'POST', url: '/api/auth/GetJsSdkCfg', payload: { url: 'https://a.cn/x' } }),
      t.app.inject({ method: 'POST', url: '/api/auth/WxSignUrl', payload: { url: 'https://a.cn/x' } }),
      t.app.inject({ method: 'GET', url: '/api/auth/GetLoginQrcode?kind=mp' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(501);
      expect(res.json()).toMatchObject({ code: Code.NOT_ENABLED, msg: '未配置微信登录' });
    }
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/status' });
    expect(status.json().data.commoncfg).toMatchObject({ wechatEnabled: false, wechatMpLoginEnabled: false });
  });
});

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`WeChat against the fake on ${engine}`, () => {
    let t: TestApp;
    let wx: FakeWechat;
    beforeAll(async () => {
      wx = await startFakeWechat();
      t = await createTestApp({
        engine,
        env: {
          WECHAT_APPID: wx.appid,
          WECHAT_SECRET: wx.secret,
          WECHAT_API_BASE: wx.base,
          WECHAT_MP_TOKEN: MP_TOKEN,
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await wx.close();
    });
    const db = () => t.platform.database.db;
    const wechatLogin = (code: string, extra = '') =>
      t.app.inject({ method: 'GET', url: `/api/auth/wechatlogin?code=${code}${extra}` });

    it('gives the AppID and says WeChat is on', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/WxAppid' })).json().data).toEqual({
        appid: wx.appid,
      });
      const status = await t.app.inject({ method: 'GET', url: '/api/auth/status' });
      expect(status.json().data.commoncfg).toMatchObject({ wechatEnabled: true, wechatMpLoginEnabled: true });
    });

    it('makes a temporary account without phone from the OAuth code, then finds it again', async () => {
      const code = nextCode();
      wx.addCode(code, {
        openid: 'o-login-1',
        unionid: 'u-login-1',
        nickname: '张投资',
        headimgurl: 'https://wx.qlogo.cn/a.png',
      });
      const res = await wechatLogin(code);
      expect(res.json()).toMatchObject({
        code: Code.OK,
        data: {
          isNew: true,
          isBindPhone: false,
          isBindWechat: true,
          Name: '张投资',
          Avatar: 'https://wx.qlogo.cn/a.png',
        },
      });
      const cookie = sessionCookie(res);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/getuinfo', headers: { cookie } })).statusCode,
      ).toBe(200);
      const [user] = await db().select().from(users).where(eq(users.wechatOpenid, 'o-login-1'));
      const events = await db().select().from(userEvents).where(eq(userEvents.userId, user!.id));
      expect(events.map((e) => `${e.event}:${e.source}`)).toContain('register:wechat');

      const again = nextCode();
      // Another of the company's apps: a different openid, the same unionid.
      wx.addCode(again, { openid: 'o-login-1-other-app', unionid: 'u-login-1' });
      const second = await wechatLogin(again);
      expect(second.json().data).toMatchObject({ isNew: false, uguid: user!.uguid });
    });

    it('creates a plain 微信用户 from a snsapi_base code and records the inviter', async () => {
      const inviter = await createUser(db(), { inviteCode: 'WXINVITE' });
      const code = nextCode();
      wx.addCode(code, { openid: 'o-base-1', scope: 'snsapi_base' });
      const res = await wechatLogin(code, '&inviteCode=WXINVITE');
      expect(res.json().data).toMatchObject({ Name: '微信用户', isNew: true });
      const [user] = await db().select().from(users).where(eq(users.wechatOpenid, 'o-base-1'));
      expect(user!.invitedBy).toBe(inviter.id);
    });

    it('refuses a used or unknown code', async () => {
      const code = nextCode();
      wx.addCode(code, { openid: 'o-once' });
      expect((await wechatLogin(code)).statusCode).toBe(200);
      const reused = await wechatLogin(code);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().msg).toBe('微信授权已失效，请重新进入页面');
    });

    it('refuses a banned account with -999', async () => {
      const user = await createUser(db(), { wechatOpenid: 'o-banned' });
      await banUser(db(), user);
      const code = nextCode();
      wx.addCode(code, { openid: 'o-banned' });
      const res = await wechatLogin(code);
      expect(res.json()).toMatchObject({ code: Code.ACCOUNT_BANNED, msg: '您的账号已被封禁！' });
      expect(setCookieValue(res, 'jq_session')).toBeUndefined();
    });

    it('binds WeChat to a signed-in account and refuses one bound elsewhere', async () => {
      const me = await signIn(db(), { phone: newPhone() });
      const code = nextCode();
      wx.addCode(code, { openid: 'o-bind-1', unionid: 'u-bind-1' });
      const bind = (cookie: string, c: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/bindwechat',
          headers: { cookie },
          payload: { code: c },
        });
      expect((await bind(me.cookie, code)).json().data).toMatchObject({
        isBindWechat: true,
        uguid: me.user.uguid,
      });
      const other = await signIn(db(), { phone: newPhone() });
      const taken = nextCode();
      wx.addCode(taken, { openid: 'o-bind-1' });
      const res = await bind(other.cookie, taken);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('该微信已绑定其他账号');
    });

    it('binds WeChat during phone sign-in when the page carried a wxcode', async () => {
      const phone = newPhone();
      const code = nextCode();
      wx.addCode(code, { openid: 'o-phone-login' });
      await sendCode(t.app, phone);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/PhoneLogin',
        payload: { phone, vcode: await outboxCode(t.app, phone), wxcode: code },
      });
      expect(res.json().data).toMatchObject({ Phone: phone, isBindWechat: true });
    });

    it('signs page URLs for the JS-SDK with the cached jsapi_ticket', async () => {
      const tokenCalls = wx.calls['/cgi-bin/token'] ?? 0;
      const url = 'https://jq.example.com/jq/chat?x=1';
      for (const path of ['/api/auth/GetJsSdkCfg', '/api/auth/WxSignUrl', '/api/auth/GetJsSdkCfg']) {
        const res = await t.app.inject({ method: 'POST', url: path, payload: { url: `${url}#frag` } });
        const { AppId, timestamp, nonceStr, signature } = res.json().data;
        expect(AppId).toBe(wx.appid);
        expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
        const expected = createHash('sha1')
          .update(`jsapi_ticket=${wx.ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`)
          .digest('hex');
        expect(signature).toBe(expected);
      }
      expect(wx.calls['/cgi-bin/ticket/getticket']).toBe(1);
      expect(wx.calls['/cgi-bin/token']).toBe(tokenCalls + 1);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/GetJsSdkCfg',
        payload: { url: 'javascript:alert(1)' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('signs the official account QR sign-in through the pushed scan event', async () => {
      const qr = await t.app.inject({ method: 'GET', url: '/api/auth/GetLoginQrcode?kind=mp' });
      const { code, url } = qr.json().data;
      expect(url).toMatch(/^http:\/\/weixin\.qq\.com\/q\//);
      expect(wx.scenes).toContain(code);
      const cookie = `jq_qr=${setCookieValue(qr, 'jq_qr')}`;
      const poll = () =>
        t.app.inject({ method: 'GET', url: `/api/auth/CheckLoginQrcode?code=${code}`, headers: { cookie } });
      expect((await poll()).json().code).toBe(-1);

      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = '12345';
      const signature = createHash('sha1').update([MP_TOKEN, timestamp, nonce].sort().join('')).digest('hex');
      const query = `signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`;
      const echo = await t.app.inject({
        method: 'GET',
        url: `/api/auth/wechat/mp?${query}&echostr=hello-wx`,
      });
      expect(echo.body).toBe('hello-wx');
      const forged = await t.app.inject({
        method: 'GET',
        url: `/api/auth/wechat/mp?signature=bad&timestamp=1&nonce=2&echostr=x`,
      });
      expect(forged.statusCode).toBe(403);

      const xml = `<xml><ToUserName><![CDATA[gh_test]]></ToUserName><FromUserName><![CDATA[o-mp-1]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${code}]]></EventKey><Ticket><![CDATA[t]]></Ticket></xml>`;
      const push = (q: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/auth/wechat/mp?${q}`,
          headers: { 'content-type': 'text/xml' },
          payload: xml,
        });
      expect((await push('signature=bad&timestamp=1&nonce=2')).statusCode).toBe(403);
      const pushed = await push(query);
      expect(pushed.body).toContain('扫码成功');

      const done = await poll();
      expect(done.json()).toMatchObject({ code: Code.OK, data: { isBindPhone: false, isBindWechat: true } });
      const [user] = await db().select().from(users).where(eq(users.wechatOpenid, 'o-mp-1'));
      expect(user!.wechatUnionid).toBe('union-of-o-mp-1');
    });

    it('refetches the access_token once when WeChat says it is stale', async () => {
      wx.revokeTokens();
      const before = wx.calls['/cgi-bin/token'] ?? 0;
      const qr = await t.app.inject({ method: 'GET', url: '/api/auth/GetLoginQrcode?kind=mp' });
      expect(qr.json().code).toBe(Code.OK);
      expect(wx.calls['/cgi-bin/token']).toBe(before + 1);
    });
  });
}
