/**
 * A fake of WeChat's server API on 127.0.0.1, speaking its JSON: web OAuth
 * (sns/oauth2/access_token, sns/userinfo), the official account's cgi-bin/token,
 * ticket/getticket, qrcode/create and user/info. It checks appid and secret, accepts
 * each OAuth code once (as WeChat does), answers WeChat's error codes, and counts calls
 * so that tests can see the caching.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatUser {
  openid: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
  scope?: 'snsapi_base' | 'snsapi_userinfo';
}

export interface FakeWechat {
  base: string;
  appid: string;
  secret: string;
  /** Registers an OAuth code that WeChat would hand the browser for this user. */
  addCode(code: string, user: FakeWechatUser): void;
  /** The jsapi_ticket currently issued. */
  ticket: string;
  calls: Record<string, number>;
  /** Scenes of the scene QR codes made. */
  scenes: string[];
  /** Makes every issued access_token invalid (as when another server fetched a new one). */
  revokeTokens(): void;
  close(): Promise<void>;
}

export async function startFakeWechat(
  appid = 'wx-fake-appid',
  secret = 'fake-app-secret',
): Promise<FakeWechat> {
  const codes = new Map<string, FakeWechatUser>();
  const oauthTokens = new Map<string, FakeWechatUser>();
  const accessTokens = new Set<string>();
  const calls: Record<string, number> = {};
  const state = { ticket: `ticket-${randomBytes(8).toString('hex')}` };
  const scenes: string[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = Object.fromEntries(url.searchParams);
    calls[url.pathname] = (calls[url.pathname] ?? 0) + 1;
    const send = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const checkToken = () => {
      if (accessTokens.has(q.access_token ?? '')) return true;
      send({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
      return false;
    };
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      switch (url.pathname) {
        case '/sns/oauth2/access_token': {
          if (q.appid !== appid || q.secret !== secret)
            return send({ errcode: 40125, errmsg: 'invalid appsecret' });
          const user = codes.get(q.code ?? '');
          if (!user || q.grant_type !== 'authorization_code')
            return send({ errcode: 40029, errmsg: 'invalid code' });
          codes.delete(q.code!);
          const token = `oauth-${randomBytes(8).toString('hex')}`;
          oauthTokens.set(token, user);
          return send({
            access_token: token,
            expires_in: 7200,
            refresh_token: `refresh-${token}`,
            openid: user.openid,
            scope: user.scope ?? 'snsapi_userinfo',
            ...(user.unionid ? { unionid: user.unionid } : {}),
          });
        }
        case '/sns/userinfo': {
          const user = oauthTokens.get(q.access_token ?? '');
          if (!user || user.openid !== q.openid)
            return send({ errcode: 40001, errmsg: 'invalid credential' });
          if (user.scope === 'snsapi_base') return send({ errcode: 48001, errmsg: 'api unauthorized' });
          return send({
            openid: user.openid,
            nickname: user.nickname ?? '',
            sex: 0,
            province: '',
            city: '',
            country: '',
            headimgurl: user.headimgurl ?? '',
            privilege: [],
            ...(user.unionid ? { unionid: user.unionid } : {}),
          });
        }
        case '/cgi-bin/token': {
          if (q.grant_type !== 'client_credential' || q.appid !== appid || q.secret !== secret) {
            return send({ errcode: 40125, errmsg: 'invalid appsecret' });
          }
          const token = `access-${randomBytes(8).toString('hex')}`;
          accessTokens.add(token);
          return send({ access_token: token, expires_in: 7200 });
        }
        case '/cgi-bin/ticket/getticket':
          if (!checkToken()) return;
          if (q.type !== 'jsapi') return send({ errcode: 40097, errmsg: 'invalid args' });
          return send({ errcode: 0, errmsg: 'ok', ticket: state.ticket, expires_in: 7200 });
        case '/cgi-bin/qrcode/create': {
          if (!checkToken()) return;
          const body = JSON.parse(raw || '{}');
          const scene = body?.action_info?.scene?.scene_str;
          if (body.action_name !== 'QR_STR_SCENE' || typeof scene !== 'string') {
            return send({ errcode: 40097, errmsg: 'invalid args' });
          }
          scenes.push(scene);
          const ticket = `gQ-${randomBytes(6).toString('hex')}`;
          return send({
            ticket,
            expire_seconds: body.expire_seconds,
            url: `http://weixin.qq.com/q/${ticket}`,
          });
        }
        case '/cgi-bin/user/info':
          if (!checkToken()) return;
          return send({ subscribe: 1, openid: q.openid, language: 'zh_CN', unionid: `union-of-${q.openid}` });
        default:
          res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    appid,
    secret,
    addCode: (code, user) => codes.set(code, user),
    get ticket() {
      return state.ticket;
    },
    calls,
    scenes,
    revokeTokens: () => accessTokens.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
