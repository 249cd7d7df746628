import { describe, expect, it } from 'vitest';
import { buildWechatOauthUrl, isWechatConfigured } from './wechat';

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

  it('is offered only when the server has WeChat configured', () => {
    expect(isWechatConfigured({ wechatEnabled: true })).toBe(true);
    expect(isWechatConfigured({ wechatEnabled: false })).toBe(false);
    expect(isWechatConfigured({})).toBe(false);
  });
});
