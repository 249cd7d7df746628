/**
 * The rest of an order's life: the paid check that polls (asking the provider when a
 * notification is late), the expiry sweep (created → closed, after making sure the
 * provider did not take the money), and refunds (fulfilled → refunded: the books first, in
 * one transaction, then the provider, retried with the same refund number until it succeeds).
 */
import { Code } from '@jq/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import { type OrderStatus, type PayOrder, payOrders } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { PayPort } from '../../platform/pay/index.js';
import { recordMoney, takeCredits } from './ledger.js';
import { findOrderByNo, findOwnOrder, isPaidStatus, type OrderLog, transition } from './orders.js';
import { applyPayment } from './payments.js';
import { LATE_QUERY_AFTER_MS, LATE_QUERY_EVERY_MS } from './pricing.js';
import { shortenVip } from './vip.js';

export interface LifecycleDeps {
  db: Db;
  pay: PayPort;
  log: OrderLog;
}

export const STATUS_LABELS: Record<OrderStatus, string> = {
  created: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  closed: '已关闭',
  refunded: '已退款',
};

const lastQueried = new Map<string, number>();

/** Asks the provider about an unpaid order and books the payment if it was made. */
async function queryLatePayment(deps: LifecycleDeps, order: PayOrder): Promise<PayOrder> {
  const trade = await deps.pay.queryTrade(order.orderno);
  if (!trade.notice) return order;
  deps.log.warn({ event: 'pay.notify.late', orderno: order.orderno, state: trade.state });
  return (await applyPayment(deps.db, trade.notice, deps.log)).order;
}

/** 1 when the caller's order is paid. A created order older than a few seconds is checked with the provider. */
export async function checkOrderPaid(deps: LifecycleDeps, userId: number, orderno: string): Promise<0 | 1> {
  let order = await findOwnOrder(deps.db, userId, orderno);
  const age = Date.now() - order.createdAt.getTime();
  const isDue = Date.now() - (lastQueried.get(orderno) ?? 0) >= LATE_QUERY_EVERY_MS;
  if (order.status === 'created' && deps.pay.engine !== 'sandbox' && age >= LATE_QUERY_AFTER_MS && isDue) {
    lastQueried.set(orderno, Date.now());
    if (lastQueried.size > 10_000) lastQueried.clear();
    try {
      order = await queryLatePayment(deps, order);
    } catch (error) {
      deps.log.warn({ event: 'pay.query.failed', orderno, err: String(error) });
    }
  }
  return isPaidStatus(order.status) ? 1 : 0;
}

/** Closes unpaid orders past their expiry; returns how many were closed. */
export async function closeExpiredOrders(deps: LifecycleDeps, limit = 200): Promise<number> {
  const due = await deps.db
    .select()
    .from(payOrders)
    .where(and(eq(payOrders.status, 'created'), lt(payOrders.expiresAt, sql`now()`)))
    .limit(limit);
  let closed = 0;
  for (const order of due) {
    try {
      if (deps.pay.engine !== 'sandbox') {
        const latest = await queryLatePayment(deps, order);
        if (latest.status !== 'created') continue;
        await deps.pay.closeTrade(order.orderno);
      }
      if (await transition(deps.db, order.id, 'closed')) {
        closed++;
        deps.log.info({ event: 'pay.order.closed', orderno: order.orderno });
      }
    } catch (error) {
      // Left open: the next sweep tries again rather than closing an order the provider may still take.
      deps.log.warn({ event: 'pay.order.close_failed', orderno: order.orderno, err: String(error) });
    }
  }
  return closed;
}

export interface RefundOutcome {
  order: PayOrder;
  providerStatus: 'pending' | 'success' | 'failed';
  error?: string;
}

/** Refunds a fulfilled recharge or VIP order in full. */
export async function refundOrder(
  deps: LifecycleDeps,
  orderno: string,
  reason: string,
): Promise<RefundOutcome> {
  const found = await findOrderByNo(deps.db, orderno);
  if (!found) throw new AppError(Code.NOT_FOUND, '订单不存在');
  let order = found;
  if (order.status !== 'refunded') {
    if (order.status !== 'fulfilled') {
      throw new AppError(
        Code.CONFLICT,
        `订单状态为「${STATUS_LABELS[order.status]}」，只有已完成的订单可以退款`,
      );
    }
    if (order.kind === 'per_use') throw new AppError(Code.CONFLICT, '单次解锁订单已使用，不能退款');
    order = await bookRefund(deps.db, order, reason);
    deps.log.info({ event: 'pay.order.refunded', orderno, amountFen: order.amountFen });
  }
  const refund = order.metadata.refund;
  if (!refund) throw new Error(`订单 ${orderno} 缺少退款记录`);
  if (refund.providerStatus === 'success') return { order, providerStatus: 'success' };
  let next: NonNullable<typeof refund>;
  try {
    const result = await deps.pay.refund({
      orderno,
      refundNo: refund.refundNo,
      totalFen: order.amountFen,
      refundFen: order.amountFen,
      reason: refund.reason,
    });
    next = {
      ...refund,
      providerStatus: result.status === 'SUCCESS' ? 'success' : 'pending',
      error: undefined,
    };
  } catch (error) {
    next = { ...refund, providerStatus: 'failed', error: String(error).slice(0, 300) };
    deps.log.error({ event: 'pay.refund.provider_failed', orderno, err: String(error) });
  }
  const [updated] = await deps.db
    .update(payOrders)
    .set({ metadata: { ...order.metadata, refund: next } })
    .where(eq(payOrders.id, order.id))
    .returning();
  return {
    order: updated!,
    providerStatus: next.providerStatus,
    ...(next.error ? { error: next.error } : {}),
  };
}

/** The books of a refund: order, credits or VIP days, and the money, in one transaction. */
async function bookRefund(db: Db, order: PayOrder, reason: string): Promise<PayOrder> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const refund = { refundNo: `R${order.orderno}`, reason, providerStatus: 'pending' as const };
    const done = await transition(tx, order.id, 'refunded', { metadata: { ...order.metadata, refund } });
    if (!done) throw new AppError(Code.CONFLICT, '订单状态已变化，请刷新后重试');
    if (order.kind === 'recharge') {
      const balance = await takeCredits(tx, {
        userId: order.userId,
        credits: order.credits,
        kind: 'refund',
        reference: order.orderno,
        description: `退款退回 ${order.credits} 算力`,
        orderId: order.id,
      });
      if (balance === null) throw new AppError(Code.CONFLICT, '本单算力已被使用，余额不足以退回，不能退款');
    } else {
      await shortenVip(tx, { userId: order.userId, orderId: order.id });
    }
    await recordMoney(tx, {
      userId: order.userId,
      fen: -order.amountFen,
      kind: 'refund',
      reference: order.orderno,
      description: `退款 ${order.description}${reason ? `（${reason}）` : ''}`,
      orderId: order.id,
    });
    return done;
  });
}
