/**
 * WeChat sign-in in WeChat's own browser (spec section 4): the OAuth page per WeChat's
 * web-authorisation documentation, and the `code` it sends back, exchanged by wechatlogin.
 * Shown only when the server's status says WeChat is configured.
 */
import type { CommonCfg } from '@jq/contract';
import { isWechatBrowser } from '../../shared/browser/wechat-browser';
import { getWxAppid } from './api';

export function isWechatConfigured(commoncfg: Partial<CommonCfg>): boolean {
  return commoncfg.wechatEnabled === true;
}

export const WECHAT_OAUTH_STATE = 'jqlogin';

export function buildWechatOauthUrl(appid: string, redirectUri: string): string {
  const params = new URLSearchParams({
    appid,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_userinfo',
    state: WECHAT_OAUTH_STATE,
  });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${params.toString()}#wechat_redirect`;
}

/** Leaves for WeChat's authorisation page; it comes back to this page with `code`. */
export async function startWechatLogin(): Promise<void> {
  const { appid } = await getWxAppid();
  const back = new URL(window.location.href);
  back.searchParams.delete('code');
  back.searchParams.delete('state');
  window.location.assign(buildWechatOauthUrl(appid, back.toString()));
}

/** The OAuth code in the address, only when this page was opened by WeChat's redirect. */
export function readWechatCode(search: string = window.location.search): string | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  return code && isWechatBrowser() ? code : null;
}
