/**
 * The WeChat HTTP API as used here: web OAuth (sns/oauth2/access_token, sns/userinfo),
 * the official account's access_token and jsapi_ticket (cached in memory and in the
 * database until shortly before they expire), scene QR codes and subscriber info.
 * The base URL is configurable (WECHAT_API_BASE) so tests speak to a local fake.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { WechatConfig } from '../../config.js';
import { wechatTokens } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

/** Refresh this long before WeChat's own expiry. */
const MARGIN_MS = 5 * 60_000;
/** access_token invalid or expired: refetch once. */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001]);

export class WechatError extends Error {
  override name = 'WechatError';
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`${errcode} ${errmsg}`);
  }
}

export interface OauthToken {
  access_token: string;
  openid: string;
  unionid?: string;
  scope?: string;
}

export interface WechatProfile {
  openid: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
}

/** The JS-SDK signature: sha1 over the four fields in this exact order (WeChat JS-SDK docs, appendix 1). */
export function signJsapi(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const text = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`;
  return createHash('sha1').update(text).digest('hex');
}

export type WechatApi = ReturnType<typeof createWechatApi>;

export function createWechatApi(config: WechatConfig, db: Db) {
  const base = config.apiBase.replace(/\/+$/, '');
  const memory = new Map<string, { value: string; expiresAt: number }>();

  async function call<T>(path: string, query: Record<string, string>, body?: unknown): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams(query)}`;
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    const json = (await response.json().catch(() => null)) as
      | (T & { errcode?: number; errmsg?: string })
      | null;
    if (!json) throw new WechatError(-1, `HTTP ${response.status}`);
    if (json.errcode) throw new WechatError(json.errcode, json.errmsg ?? '');
    return json;
  }

  /**
   * A cached credential: memory, then the database, then WeChat. Two processes refreshing at
   * the same moment is harmless: WeChat keeps the previous token valid for five minutes.
   */
  async function cached(kind: string, fetchFresh: () => Promise<{ value: string; expiresIn: number }>) {
    const key = `${config.appid}:${kind}`;
    const hit = memory.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const [row] = await db.select().from(wechatTokens).where(eq(wechatTokens.key, key));
    if (row && row.expiresAt.getTime() > Date.now()) {
      memory.set(key, { value: row.value, expiresAt: row.expiresAt.getTime() });
      return row.value;
    }
    const fresh = await fetchFresh();
    const expiresAt = new Date(Date.now() + fresh.expiresIn * 1000 - MARGIN_MS);
    await db
      .insert(wechatTokens)
      .values({ key, value: fresh.value, expiresAt })
      .onConflictDoUpdate({ target: wechatTokens.key, set: { value: fresh.value, expiresAt } });
    memory.set(key, { value: fresh.value, expiresAt: expiresAt.getTime() });
    return fresh.value;
  }

  async function forget(kind: string) {
    const key = `${config.appid}:${kind}`;
    memory.delete(key);
    await db.delete(wechatTokens).where(eq(wechatTokens.key, key));
  }

  const accessToken = () =>
    cached('access_token', async () => {
      const r = await call<{ access_token: string; expires_in: number }>('/cgi-bin/token', {
        grant_type: 'client_credential',
        appid: config.appid,
        secret: config.secret,
      });
      return { value: r.access_token, expiresIn: r.expires_in };
    });

  /** Calls an API that takes the official account's access_token, refetching a stale token once. */
  async function withToken<T>(run: (token: string) => Promise<T>): Promise<T> {
    try {
      return await run(await accessToken());
    } catch (error) {
      if (!(error instanceof WechatError && STALE_TOKEN_CODES.has(error.errcode))) throw error;
      await forget('access_token');
      await forget('jsapi_ticket');
      return run(await accessToken());
    }
  }

  return {
    appid: config.appid,
    exchangeCode: (code: string) =>
      call<OauthToken>('/sns/oauth2/access_token', {
        appid: config.appid,
        secret: config.secret,
        code,
        grant_type: 'authorization_code',
      }),
    userInfo: (token: OauthToken) =>
      call<WechatProfile>('/sns/userinfo', {
        access_token: token.access_token,
        openid: token.openid,
        lang: 'zh_CN',
      }),
    jsapiTicket: () =>
      cached('jsapi_ticket', () =>
        withToken(async (access_token) => {
          const r = await call<{ ticket: string; expires_in: number }>('/cgi-bin/ticket/getticket', {
            access_token,
            type: 'jsapi',
          });
          return { value: r.ticket, expiresIn: r.expires_in };
        }),
      ),
    createSceneQr: (scene: string, expireSeconds: number) =>
      withToken((access_token) =>
        call<{ ticket: string; url: string; expire_seconds: number }>(
          '/cgi-bin/qrcode/create',
          { access_token },
          {
            expire_seconds: expireSeconds,
            action_name: 'QR_STR_SCENE',
            action_info: { scene: { scene_str: scene } },
          },
        ),
      ),
    subscriberInfo: (openid: string) =>
      withToken((access_token) =>
        call<WechatProfile>('/cgi-bin/user/info', { access_token, openid, lang: 'zh_CN' }),
      ),
  };
}
