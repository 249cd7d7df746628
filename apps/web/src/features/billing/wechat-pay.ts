/**
 * JS payment inside WeChat (spec section 4): hands the server-signed payJsConfig to
 * WeixinJSBridge. The result only says what the payer did; the order poll still waits for
 * the server, which alone decides that an order is paid.
 */
import type { PayJsConfig } from '@jq/contract';

interface WeixinBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: PayJsConfig,
    callback: (result: { err_msg: string }) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinBridge;
  }
}

export type WechatPayResult = 'ok' | 'cancel' | 'fail';

export function payInWechat(config: PayJsConfig): Promise<WechatPayResult> {
  return new Promise((resolve) => {
    const invoke = () =>
      window.WeixinJSBridge!.invoke('getBrandWCPayRequest', config, ({ err_msg }) => {
        if (err_msg === 'get_brand_wcpay_request:ok') resolve('ok');
        else resolve(err_msg === 'get_brand_wcpay_request:cancel' ? 'cancel' : 'fail');
      });
    if (window.WeixinJSBridge) invoke();
    else document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
  });
}
