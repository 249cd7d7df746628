/**
 * Payment orders: one state machine for every kind (recharge, per_use, vip).
 *   created → paid → fulfilled → refunded;  created → closed (expiry);  closed → paid
 * (a payment the provider confirms after we closed the order is money received: it is
 * booked, not lost). Every transition is a conditional UPDATE on the expected status, so
 * two notifications, two processes or a notification racing the expiry sweep cannot both
 * win. Creation is rate limited per user, since orders cost nothing but fill the table.
 */
import { randomInt } from 'node:crypto';
import { Code } from '@jq/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  type OrderKind,
  type OrderMetadata,
  type OrderStatus,
  type PayOrder,
  payOrders,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { CreatedPayment, PayPort } from '../../platform/pay/index.js';
import { ORDER_OPEN_MAX, ORDER_RATE_PER_MINUTE, ORDER_TTL_MS } from './pricing.js';
import { newSandboxToken, sandboxTokenHash, withSandboxToken } from './sandbox-token.js';

/** to ← allowed from. */
const ALLOWED_FROM: Record<OrderStatus, OrderStatus[]> = {
  created: [],
  paid: ['created', 'closed'],
  fulfilled: ['paid'],
  closed: ['created'],
  refunded: ['fulfilled'],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED_FROM[to].includes(from);
}

/**
 * Moves an order to `to` if, at this instant, it is in a status allowed to move there.
 * Returns the updated order, or null when another writer got there first (or the move is illegal).
 */
export async function transition(
  tx: Db,
  orderId: number,
  to: OrderStatus,
  set: Partial<typeof payOrders.$inferInsert> = {},
): Promise<PayOrder | null> {
  const stamp = {
    paid: 'paidAt',
    fulfilled: 'fulfilledAt',
    closed: 'closedAt',
    refunded: 'refundedAt',
  } as const;
  const [row] = await tx
    .update(payOrders)
    .set({ ...set, status: to, ...(to === 'created' ? {} : { [stamp[to]]: sql`now()` }) })
    .where(and(eq(payOrders.id, orderId), inArray(payOrders.status, ALLOWED_FROM[to])))
    .returning();
  return row ?? null;
}

/** `JQ` + Beijing date-time + 8 random digits: unique, sortable, 24 characters (WeChat allows 6-32). */
export function newOrderno(now = new Date()): string {
  const beijing = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `JQ${beijing}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface NewOrder {
  userId: number;
  kind: OrderKind;
  product: string;
  description: string;
  /** Charged now (list price, or 1 fen in the test environment). */
  amountFen: number;
  credits: number;
  metadata: OrderMetadata;
  clientType: 'qrcode' | 'jsapi';
  openid?: string | null | undefined;
}

export interface OrderLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export async function createOrder(
  deps: { db: Db; pay: PayPort; log: OrderLog },
  input: NewOrder,
): Promise<{ order: PayOrder; payment: CreatedPayment }> {
  const { db, pay, log } = deps;
  if (input.clientType === 'jsapi' && pay.engine === 'wechat' && !input.openid) {
    throw new AppError(Code.FORBIDDEN, '微信内支付需要先绑定微信，请使用扫码支付');
  }
  // The sandbox's QR carries a single-use token, for a phone that is not signed in.
  const sandboxToken = pay.engine === 'sandbox' ? newSandboxToken() : undefined;
  const order = await db.transaction(async (tx) => {
    // One user's order creations take turns, so the limits below cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(7315002, ${input.userId % 2_147_483_647}::int)`);
    const [counts] = await tx
      .select({
        lastMinute: sql<number>`count(*) filter (where ${payOrders.createdAt} > now() - interval '1 minute')`,
        open: sql<number>`count(*) filter (where ${payOrders.status} = 'created' and ${payOrders.expiresAt} > now())`,
      })
      .from(payOrders)
      .where(and(eq(payOrders.userId, input.userId), gt(payOrders.createdAt, sql`now() - interval '1 day'`)));
    if (
      Number(counts?.lastMinute ?? 0) >= ORDER_RATE_PER_MINUTE ||
      Number(counts?.open ?? 0) >= ORDER_OPEN_MAX
    ) {
      throw new AppError(Code.RATE_LIMITED, '下单过于频繁，请稍后再试');
    }
    const [row] = await tx
      .insert(payOrders)
      .values({
        orderno: newOrderno(),
        userId: input.userId,
        kind: input.kind,
        product: input.product,
        description: input.description,
        amountFen: input.amountFen,
        credits: input.credits,
        provider: pay.engine,
        expiresAt: sql`now() + make_interval(secs => ${ORDER_TTL_MS / 1000})`,
        metadata: { ...input.metadata, clientType: input.clientType },
        sandboxTokenHash: sandboxToken ? sandboxTokenHash(sandboxToken) : null,
      })
      .returning();
    return row!;
  });
  try {
    const created = await pay.createPayment({
      orderno: order.orderno,
      amountFen: order.amountFen,
      description: order.description,
      expiresAt: order.expiresAt,
      clientType: input.clientType,
      openid: input.openid ?? undefined,
    });
    const payment = sandboxToken
      ? { ...created, code: withSandboxToken(created.code, sandboxToken) }
      : created;
    log.info({
      event: 'pay.order.created',
      orderno: order.orderno,
      kind: order.kind,
      amountFen: order.amountFen,
    });
    return { order, payment };
  } catch (error) {
    // The provider never took the order: close it so it cannot be paid or counted as open.
    await transition(db, order.id, 'closed', {
      metadata: { ...order.metadata, createError: String(error).slice(0, 300) },
    });
    log.error({ event: 'pay.order.provider_failed', orderno: order.orderno, err: String(error) });
    // The provider's own words go to the log and the order, not to the buyer.
    throw new AppError(Code.UNAVAILABLE, '获取充值信息失败！支付渠道暂不可用，请稍后再试', { cause: error });
  }
}

/** The caller's own order; another user's order number is "not found", never "forbidden". */
export async function findOwnOrder(db: Db, userId: number, orderno: string): Promise<PayOrder> {
  const [order] = await db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.orderno, orderno), eq(payOrders.userId, userId)));
  if (!order) throw new AppError(Code.NOT_FOUND, '订单不存在');
  return order;
}

export async function findOrderByNo(db: Db, orderno: string): Promise<PayOrder | null> {
  const [order] = await db.select().from(payOrders).where(eq(payOrders.orderno, orderno));
  return order ?? null;
}

export const isPaidStatus = (status: OrderStatus) => status === 'paid' || status === 'fulfilled';
