import { describe, expect, it } from 'vitest';
import { buildWechatOauthUrl, isWechatBrowser, isWechatConfigured } from './wechat';

describe('WeChat sign-in', () => {
  it("builds WeChat's web authorisation URL with the page to come back to", () => {
    const url = new URL(buildWechatOauthUrl('wx123', 'https://jq.example/home?iv=A1'));
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx123',
      redirect_uri: 'https://jq.example/home?iv=A1',
      response_type: 'code',
      scope: 'snsapi_userinfo',
      state: 'jqlogin',
    });
  });

  it("is offered only in WeChat's browser and only when the server has WeChat configured", () => {
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) MicroMessenger/8.0.40')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Windows NT 10.0) Chrome/120')).toBe(false);
    expect(isWechatConfigured({ wechatEnabled: true })).toBe(true);
    expect(isWechatConfigured({ wechatEnabled: false })).toBe(false);
    expect(isWechatConfigured({})).toBe(false);
  });
});
