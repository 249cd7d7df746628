/**
 * WeChat Pay APIv3 (direct merchant): Native orders (code_url for the QR), JSAPI orders
 * (prepay_id → payJsConfig inside WeChat), notifications, order query and close, refunds.
 * Every request is signed with the merchant key; every response and notification is
 * verified against the WeChat Pay public key (or platform certificate) before it is read.
 * WECHATPAY_API_BASE points the client at a local fake in tests.
 */
import type { PayConfig } from '../../config.js';
import {
  type CreatedPayment,
  header,
  isFreshTimestamp,
  type PaymentNotice,
  PayNotifyError,
  type PayPort,
  PayProviderError,
  type TradeQuery,
  type TradeState,
} from './index.js';
import {
  authorization,
  beijingTime,
  decryptResource,
  type EncryptedResource,
  jsapiPayParams,
  loadPrivateKey,
  loadPublicKey,
  type Merchant,
  verifyWechatSignature,
} from './wechat-sign.js';

const TIMEOUT_MS = 10_000;
const TRADE_STATES = new Set<TradeState>([
  'SUCCESS',
  'NOTPAY',
  'CLOSED',
  'REFUND',
  'USERPAYING',
  'PAYERROR',
  'REVOKED',
]);

/** A transaction as WeChat Pay describes it (query answer, decrypted notification resource). */
interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

interface Notification {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: EncryptedResource;
}

export function createWechatPay(config: PayConfig): PayPort {
  const w = config.wechat;
  const merchant: Merchant = {
    mchid: w.mchid,
    serialNo: w.serialNo,
    privateKey: loadPrivateKey(w.privateKey),
  };
  const platformKey = loadPublicKey(w.platformPublicKey);

  async function call<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    try {
      response = await fetch(`${w.apiBase}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'user-agent': 'jq-server',
          authorization: authorization(merchant, method, path, body),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PayProviderError('NETWORK', `微信支付无法访问：${String(error)}`);
    }
    const text = await response.text();
    const headers = Object.fromEntries(response.headers);
    const isSigned = verifyWechatSignature(
      {
        timestamp: header(headers, 'wechatpay-timestamp'),
        nonce: header(headers, 'wechatpay-nonce'),
        signature: header(headers, 'wechatpay-signature'),
        body: text,
      },
      platformKey,
    );
    if (response.ok && !isSigned)
      throw new PayProviderError('BAD_RESPONSE_SIGNATURE', '微信支付应答签名无效');
    const json = text ? (safeJson(text) as Record<string, unknown> | undefined) : {};
    if (!response.ok) {
      const code = typeof json?.code === 'string' ? json.code : `HTTP_${response.status}`;
      const message = typeof json?.message === 'string' ? json.message : text.slice(0, 200);
      throw new PayProviderError(code, `微信支付返回错误 ${code}：${message}`);
    }
    if (!json) throw new PayProviderError('BAD_RESPONSE', '微信支付应答不是 JSON');
    return json as T;
  }

  /** Turns a verified transaction into a notice after checking it is ours. */
  function toNotice(trade: Transaction): PaymentNotice {
    if (trade.mchid !== w.mchid || trade.appid !== w.appid) {
      throw new PayNotifyError('merchant', `商户号或 AppID 不符：${trade.mchid}/${trade.appid}`);
    }
    if (!trade.out_trade_no || !trade.transaction_id || !Number.isInteger(trade.amount?.total)) {
      throw new PayNotifyError('format', '交易缺少订单号、交易号或金额');
    }
    return {
      provider: 'wechat',
      orderno: trade.out_trade_no,
      providerTxnId: trade.transaction_id,
      amountFen: trade.amount!.total!,
      paidAt: trade.success_time ? new Date(trade.success_time) : new Date(),
    };
  }

  return {
    engine: 'wechat',
    async createPayment(request): Promise<CreatedPayment> {
      const order = {
        appid: w.appid,
        mchid: w.mchid,
        description: request.description.slice(0, 127),
        out_trade_no: request.orderno,
        time_expire: beijingTime(request.expiresAt),
        notify_url: w.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      };
      if (request.clientType === 'jsapi') {
        if (!request.openid) throw new PayProviderError('NO_OPENID', '微信内支付需要先绑定微信');
        const { prepay_id } = await call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
          ...order,
          payer: { openid: request.openid },
        });
        if (!prepay_id) throw new PayProviderError('BAD_RESPONSE', '微信支付未返回 prepay_id');
        return { code: '', payJsConfig: jsapiPayParams(w.appid, prepay_id, merchant.privateKey) };
      }
      const { code_url } = await call<{ code_url?: string }>('POST', '/v3/pay/transactions/native', order);
      if (!code_url) throw new PayProviderError('BAD_RESPONSE', '微信支付未返回 code_url');
      return { code: code_url, payJsConfig: null };
    },

    async verifyNotification(headers, rawBody) {
      const serial = header(headers, 'wechatpay-serial');
      if (serial !== w.platformSerial)
        throw new PayNotifyError('signature', `未知的微信支付公钥序列号 ${serial}`);
      const timestamp = header(headers, 'wechatpay-timestamp');
      const parts = {
        timestamp,
        nonce: header(headers, 'wechatpay-nonce'),
        signature: header(headers, 'wechatpay-signature'),
        body: rawBody,
      };
      if (!verifyWechatSignature(parts, platformKey))
        throw new PayNotifyError('signature', '微信支付通知签名无效');
      if (!isFreshTimestamp(timestamp)) throw new PayNotifyError('replay', '微信支付通知时间戳超过 5 分钟');
      const note = safeJson(rawBody) as Notification | undefined;
      if (!note?.resource) throw new PayNotifyError('format', '微信支付通知缺少 resource');
      if (note.event_type !== 'TRANSACTION.SUCCESS') {
        throw new PayNotifyError('state', `不处理的通知类型 ${note.event_type}`);
      }
      let plain: string;
      try {
        plain = decryptResource(note.resource, w.apiV3Key);
      } catch (error) {
        throw new PayNotifyError('decrypt', `通知解密失败：${String(error)}`);
      }
      const trade = safeJson(plain) as Transaction | undefined;
      if (!trade) throw new PayNotifyError('format', '通知资源不是 JSON');
      if (trade.trade_state !== 'SUCCESS') throw new PayNotifyError('state', `交易状态 ${trade.trade_state}`);
      return toNotice(trade);
    },

    async queryTrade(orderno): Promise<TradeQuery> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderno)}?mchid=${w.mchid}`;
      let trade: Transaction;
      try {
        trade = await call<Transaction>('GET', path);
      } catch (error) {
        if (error instanceof PayProviderError && error.providerCode === 'ORDER_NOT_EXIST')
          return { state: 'NOTPAY' };
        throw error;
      }
      const state = TRADE_STATES.has(trade.trade_state as TradeState)
        ? (trade.trade_state as TradeState)
        : 'UNKNOWN';
      const isPaid = state === 'SUCCESS' || state === 'REFUND';
      return isPaid ? { state, notice: toNotice(trade) } : { state };
    },

    async closeTrade(orderno) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderno)}/close`, {
        mchid: w.mchid,
      });
    },

    async refund(request) {
      const result = await call<{ refund_id?: string; status?: string }>(
        'POST',
        '/v3/refund/domestic/refunds',
        {
          out_trade_no: request.orderno,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
        },
      );
      const status = result.status as 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED' | undefined;
      if (!result.refund_id || !status)
        throw new PayProviderError('BAD_RESPONSE', '微信支付退款应答缺少字段');
      return { status, refundId: result.refund_id };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
