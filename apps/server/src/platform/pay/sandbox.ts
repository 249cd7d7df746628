/**
 * The embedded sandbox provider. Its QR opens our own pay page; 确认支付 there makes the
 * sandbox POST a notification signed with HMAC-SHA256 to the notify endpoint over real
 * HTTP, exactly as a provider would, so the same verification and crediting path runs.
 * The secret comes from PAY_SANDBOX_SECRET, else one made once per installation and kept
 * in system_meta, so every server process of one database signs and verifies alike.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PayConfig } from '../../config.js';
import { systemMeta } from '../../db/schema.js';
import type { Db } from '../database/index.js';
import {
  type CreatedPayment,
  header,
  isFreshTimestamp,
  type PaymentNotice,
  PayNotifyError,
  type PayPort,
  PayProviderError,
} from './index.js';

const SECRET_KEY = 'pay.sandbox.secret';

export const SANDBOX_HEADERS = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

interface SandboxBody {
  orderno: string;
  txn_id: string;
  amount_fen: number;
  paid_at: string;
}

export interface SandboxDelivery {
  ok: boolean;
  status: number;
}

export interface SandboxControls {
  /** Pays an order in the sandbox: signs and POSTs the notification to `notifyUrl`. */
  pay(order: { orderno: string; amountFen: number }, notifyUrl: string): Promise<SandboxDelivery>;
  /** A signed notification without sending it (tests deliver it themselves). */
  sign(body: string, timestamp?: number): Promise<Record<string, string>>;
}

export function sandboxPayUrl(publicUrl: string, orderno: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/pay/sandbox/${encodeURIComponent(orderno)}`;
}

export function createSandboxPay(config: PayConfig, db: Db): PayPort {
  let secret: Promise<Buffer> | undefined;
  const getSecret = () => {
    secret ??= config.sandboxSecret ? Promise.resolve(Buffer.from(config.sandboxSecret)) : loadSecret(db);
    // A failed load (database not ready) is retried next time rather than cached.
    secret.catch(() => {
      secret = undefined;
    });
    return secret;
  };

  const signature = async (timestamp: string, nonce: string, body: string) =>
    createHmac('sha256', await getSecret())
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .digest('base64');

  const sign = async (body: string, timestamp = Math.floor(Date.now() / 1000)) => {
    const nonce = randomBytes(16).toString('hex');
    return {
      'content-type': 'application/json',
      [SANDBOX_HEADERS.timestamp]: String(timestamp),
      [SANDBOX_HEADERS.nonce]: nonce,
      [SANDBOX_HEADERS.signature]: await signature(String(timestamp), nonce, body),
    };
  };

  return {
    engine: 'sandbox',
    async createPayment(request): Promise<CreatedPayment> {
      return { code: sandboxPayUrl(config.publicUrl, request.orderno), payJsConfig: null };
    },
    async verifyNotification(headers, rawBody): Promise<PaymentNotice> {
      const timestamp = header(headers, SANDBOX_HEADERS.timestamp);
      const nonce = header(headers, SANDBOX_HEADERS.nonce);
      const given = Buffer.from(header(headers, SANDBOX_HEADERS.signature), 'base64');
      const expected = Buffer.from(await signature(timestamp, nonce, rawBody), 'base64');
      if (!nonce || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new PayNotifyError('signature', '沙箱通知签名无效');
      }
      if (!isFreshTimestamp(timestamp)) throw new PayNotifyError('replay', '沙箱通知时间戳过期');
      let body: SandboxBody;
      try {
        body = JSON.parse(rawBody) as SandboxBody;
      } catch {
        throw new PayNotifyError('format', '沙箱通知不是合法的 JSON');
      }
      if (
        typeof body.orderno !== 'string' ||
        !Number.isInteger(body.amount_fen) ||
        typeof body.txn_id !== 'string'
      ) {
        throw new PayNotifyError('format', '沙箱通知缺少字段');
      }
      return {
        provider: 'sandbox',
        orderno: body.orderno,
        providerTxnId: body.txn_id,
        amountFen: body.amount_fen,
        paidAt: new Date(body.paid_at),
      };
    },
    // The sandbox keeps no state of its own: a payment exists once its notification is in.
    async queryTrade() {
      return { state: 'UNKNOWN' as const };
    },
    async closeTrade() {},
    async refund(request) {
      return { status: 'SUCCESS' as const, refundId: `SBR${request.refundNo}` };
    },
    sandbox: {
      sign,
      async pay(order, notifyUrl) {
        const body = JSON.stringify({
          orderno: order.orderno,
          txn_id: `SB${randomUUID().replaceAll('-', '')}`,
          amount_fen: order.amountFen,
          paid_at: new Date().toISOString(),
        } satisfies SandboxBody);
        try {
          const response = await fetch(notifyUrl, {
            method: 'POST',
            headers: await sign(body),
            body,
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          return { ok: response.ok, status: response.status };
        } catch (error) {
          throw new PayProviderError('NETWORK', `沙箱无法送达支付通知：${String(error)}`);
        }
      },
    },
  };
}

async function loadSecret(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64');
  await db.insert(systemMeta).values({ key: SECRET_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db
    .select({ value: systemMeta.value })
    .from(systemMeta)
    .where(eq(systemMeta.key, SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('沙箱密钥读取失败');
  return Buffer.from(row.value, 'base64');
}
