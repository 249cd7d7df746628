/**
 * The pay port: creates a payment at the provider, verifies the provider's notifications,
 * queries, closes and refunds. The embedded sandbox (default) has its own pay page and
 * signs its notifications like a provider; WeChat Pay v3 (Native QR and JSAPI) is the
 * production engine, selected by PAY_PROVIDER. Features never choose an engine.
 */
import type { PayConfig } from '../../config.js';
import type { Db } from '../database/index.js';
import { createSandboxPay, type SandboxControls } from './sandbox.js';
import { createWechatPay } from './wechat.js';

export type PayEngine = 'sandbox' | 'wechat';

export interface PaymentRequest {
  orderno: string;
  amountFen: number;
  /** What the payer sees in the provider's app (商品描述). */
  description: string;
  expiresAt: Date;
  clientType: 'qrcode' | 'jsapi';
  /** The payer's openid under the merchant's appid; JSAPI only. */
  openid?: string | undefined;
}

/** The parameters WeixinJSBridge `getBrandWCPayRequest` takes (spec: payJsConfig). */
export interface PayJsConfig {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export interface CreatedPayment {
  /** What the QR encodes: the provider's code_url, or the sandbox pay page. */
  code: string;
  payJsConfig: PayJsConfig | null;
}

/** A payment the provider vouches for: signature verified, resource decrypted, merchant checked. */
export interface PaymentNotice {
  provider: PayEngine;
  orderno: string;
  providerTxnId: string;
  amountFen: number;
  paidAt: Date;
}

export type TradeState =
  | 'SUCCESS'
  | 'NOTPAY'
  | 'CLOSED'
  | 'REFUND'
  | 'USERPAYING'
  | 'PAYERROR'
  | 'REVOKED'
  | 'UNKNOWN';

export interface TradeQuery {
  state: TradeState;
  /** Present when the state is SUCCESS (or REFUND: it was paid). */
  notice?: PaymentNotice;
}

export interface RefundRequest {
  orderno: string;
  refundNo: string;
  totalFen: number;
  refundFen: number;
  reason: string;
}

export interface RefundResult {
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  refundId: string;
}

export interface PayPort {
  engine: PayEngine;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Verifies a notification as received (headers, raw body); throws PayNotifyError. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<PaymentNotice>;
  queryTrade(orderno: string): Promise<TradeQuery>;
  closeTrade(orderno: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The sandbox's own pay page actions; absent on real providers. */
  sandbox?: SandboxControls;
}

export type NotifyRefusal = 'signature' | 'replay' | 'format' | 'decrypt' | 'merchant' | 'state';

/** A notification that must not be believed; `reason` goes to the log. */
export class PayNotifyError extends Error {
  override name = 'PayNotifyError';
  constructor(
    readonly reason: NotifyRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** The provider refused or could not be reached; `providerCode` is its own code. */
export class PayProviderError extends Error {
  override name = 'PayProviderError';
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

/** Notifications older than this (or this far in the future) are replays. */
export const NOTIFY_MAX_AGE_SECONDS = 300;

export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export function isFreshTimestamp(timestamp: string, now = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= NOTIFY_MAX_AGE_SECONDS;
}

export function createPay(config: PayConfig, db: Db): PayPort {
  return config.provider === 'wechat' ? createWechatPay(config) : createSandboxPay(config, db);
}
