/**
 * A local stand-in for WeChat Pay APIv3 on 127.0.0.1, speaking its wire protocol: it
 * verifies each request's WECHATPAY2-SHA256-RSA2048 Authorization with the merchant public
 * key, answers Native/JSAPI orders, queries, closes and refunds with signed responses, and
 * sends payment notifications signed with its platform private key and encrypted with the
 * APIv3 key (AEAD_AES_256_GCM), as the public documentation describes. Keys come from the test.
 */
import { createCipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWechatPayOptions {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  platformSerial: string;
  platformPrivateKey: KeyObject;
  apiV3Key: string;
}

export interface FakeOrder {
  tradeType: 'NATIVE' | 'JSAPI';
  request: Record<string, unknown> & { out_trade_no: string; notify_url: string; amount: { total: number } };
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
  successTime?: string;
}

export interface NotificationOptions {
  /** Seconds since the epoch written into Wechatpay-Timestamp (default now). */
  timestamp?: number;
  signWith?: KeyObject;
  serial?: string;
  apiV3Key?: string;
  /** Overrides inside the decrypted transaction (amount, mchid …). */
  transaction?: Record<string, unknown>;
}

const sign = (message: string, key: KeyObject) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeWechatPay(options: FakeWechatPayOptions) {
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, Record<string, unknown>>();
  const requests: { method: string; path: string; isAuthorized: boolean }[] = [];
  let merchantKey = options.merchantPublicKey;

  function isAuthorized(request: IncomingMessage, path: string, body: string): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
    const fields = Object.fromEntries(
      [...header.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    if (fields.mchid !== options.mchid || fields.serial_no !== options.merchantSerial) return false;
    if (Math.abs(now() - Number(fields.timestamp)) > 300) return false;
    const message = `${request.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return createVerify('RSA-SHA256')
      .update(message)
      .verify(merchantKey, fields.signature ?? '', 'base64');
  }

  function send(response: ServerResponse, status: number, payload?: object) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(now());
    const nonce = randomBytes(16).toString('hex');
    response.writeHead(status, {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'request-id': randomBytes(8).toString('hex'),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.platformSerial,
      'wechatpay-signature': sign(`${timestamp}\n${nonce}\n${body}\n`, options.platformPrivateKey),
    });
    response.end(body);
  }

  function transaction(order: FakeOrder): Record<string, unknown> {
    return {
      appid: order.request.appid,
      mchid: order.request.mchid,
      out_trade_no: order.request.out_trade_no,
      transaction_id: order.transactionId,
      trade_type: order.tradeType,
      trade_state: order.state,
      trade_state_desc: order.state === 'SUCCESS' ? '支付成功' : '未支付',
      bank_type: 'OTHERS',
      success_time: order.successTime,
      payer: { openid: (order.request.payer as { openid?: string } | undefined)?.openid ?? 'oFAKEPAYER' },
      amount: {
        total: order.request.amount.total,
        payer_total: order.request.amount.total,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  function placeOrder(
    tradeType: 'NATIVE' | 'JSAPI',
    body: Record<string, unknown>,
    response: ServerResponse,
  ) {
    const request = body as FakeOrder['request'];
    const total = request.amount?.total;
    const isValid =
      request.appid === options.appid &&
      request.mchid === options.mchid &&
      typeof request.description === 'string' &&
      /^[A-Za-z0-9_*|-]{6,32}$/.test(request.out_trade_no ?? '') &&
      typeof request.notify_url === 'string' &&
      Number.isInteger(total) &&
      total > 0 &&
      (tradeType === 'NATIVE' || typeof (request.payer as { openid?: unknown })?.openid === 'string');
    if (!isValid) return send(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
    if (orders.get(request.out_trade_no)?.state === 'SUCCESS') {
      return send(response, 400, { code: 'ORDERPAID', message: '该订单已支付' });
    }
    orders.set(request.out_trade_no, { tradeType, request, state: 'NOTPAY' });
    const token = randomBytes(6).toString('hex');
    return tradeType === 'NATIVE'
      ? send(response, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${token}` })
      : send(response, 200, { prepay_id: `wx${token}` });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const authorized = isAuthorized(request, path, body);
      requests.push({ method: request.method ?? '', path, isAuthorized: authorized });
      if (!authorized) return send(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      const url = new URL(path, 'http://fake');
      const queried = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/);
      const closed = url.pathname.match(/^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/);
      if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native')
        return placeOrder('NATIVE', json, response);
      if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi')
        return placeOrder('JSAPI', json, response);
      if (queried && request.method === 'GET') {
        const order = orders.get(decodeURIComponent(queried[1]!));
        if (!order || url.searchParams.get('mchid') !== options.mchid) {
          return send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        }
        return send(response, 200, transaction(order));
      }
      if (closed && request.method === 'POST') {
        const order = orders.get(decodeURIComponent(closed[1]!));
        if (!order) return send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (order.state === 'SUCCESS')
          return send(response, 400, { code: 'ORDERPAID', message: '订单已支付' });
        order.state = 'CLOSED';
        return send(response, 204);
      }
      if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
        const refundNo = String(json.out_refund_no ?? '');
        if (refunds.has(refundNo)) return send(response, 200, refunds.get(refundNo));
        const order = orders.get(String(json.out_trade_no ?? ''));
        const amount = json.amount as { refund?: number; total?: number } | undefined;
        if (order?.state !== 'SUCCESS')
          return send(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在或未支付' });
        if (amount?.total !== order.request.amount.total || !amount.refund || amount.refund > amount.total) {
          return send(response, 400, { code: 'PARAM_ERROR', message: '退款金额不正确' });
        }
        order.state = 'REFUND';
        const result = {
          refund_id: `50${randomBytes(8).toString('hex')}`,
          out_refund_no: refundNo,
          status: 'SUCCESS',
          amount,
        };
        refunds.set(refundNo, result);
        return send(response, 200, result);
      }
      return send(response, 404, { code: 'NOT_FOUND', message: '接口不存在' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The notification WeChat Pay would POST for a paid order, signed and encrypted. */
  function notification(outTradeNo: string, opts: NotificationOptions = {}) {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake: unknown order ${outTradeNo}`);
    const plain = JSON.stringify({ ...transaction(order), ...opts.transaction });
    const nonce = randomBytes(6).toString('hex');
    const associated = 'transaction';
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(opts.apiV3Key ?? options.apiV3Key),
      Buffer.from(nonce),
    );
    cipher.setAAD(Buffer.from(associated));
    const ciphertext = Buffer.concat([
      cipher.update(plain, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext,
        associated_data: associated,
        nonce,
      },
    });
    const timestamp = String(opts.timestamp ?? now());
    const signNonce = randomBytes(16).toString('hex');
    const headers = {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': signNonce,
      'wechatpay-serial': opts.serial ?? options.platformSerial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-signature': sign(
        `${timestamp}\n${signNonce}\n${body}\n`,
        opts.signWith ?? options.platformPrivateKey,
      ),
    };
    return { headers, body, notifyUrl: order.request.notify_url };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    refunds,
    requests,
    notification,
    /** Replaces the merchant key the fake verifies with (to see our requests refused). */
    setMerchantKey(key: KeyObject) {
      merchantKey = key;
    },
    /** The payer pays: the order succeeds and, unless `deliver` is false, the notification is sent. */
    async pay(outTradeNo: string, deliver = true): Promise<number | null> {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake: unknown order ${outTradeNo}`);
      order.state = 'SUCCESS';
      order.transactionId ??= `4200${Date.now()}${randomBytes(3).toString('hex')}`;
      order.successTime ??= `${new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
      if (!deliver) return null;
      const note = notification(outTradeNo);
      const response = await fetch(note.notifyUrl, {
        method: 'POST',
        headers: note.headers,
        body: note.body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
