/**
 * A verified payment becomes money on the books: the order moves created → paid (the
 * money received is a 'fen' ledger entry) → fulfilled (credits, an unlock or VIP days), all
 * in one transaction. The conditional transition makes a repeated or concurrent
 * notification a harmless duplicate; an unknown order, another provider or another amount
 * is refused, logged, and nothing is written.
 */
import { eq } from 'drizzle-orm';
import { ledgerEntries, type PayOrder, userProjects } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import type { PaymentNotice } from '../../platform/pay/index.js';
import { addCredits, recordMoney, takeCredits } from './ledger.js';
import { findOrderByNo, type OrderLog, transition } from './orders.js';
import { isProjectUnlocked } from './unlock.js';
import { extendVip } from './vip.js';

export type PaymentRefusal = 'unknown_order' | 'provider' | 'amount';

export class PaymentRefused extends Error {
  override name = 'PaymentRefused';
  constructor(
    readonly reason: PaymentRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentOutcome {
  outcome: 'credited' | 'duplicate';
  order: PayOrder;
}

export async function applyPayment(db: Db, notice: PaymentNotice, log: OrderLog): Promise<PaymentOutcome> {
  const order = await findOrderByNo(db, notice.orderno);
  const context = { orderno: notice.orderno, provider: notice.provider, txn: notice.providerTxnId };
  if (!order) {
    log.warn({ event: 'pay.notify.refused', reason: 'unknown_order', ...context });
    throw new PaymentRefused('unknown_order', `订单不存在：${notice.orderno}`);
  }
  if (order.provider !== notice.provider) {
    log.warn({ event: 'pay.notify.refused', reason: 'provider', expected: order.provider, ...context });
    throw new PaymentRefused('provider', '支付渠道与订单不符');
  }
  if (order.amountFen !== notice.amountFen) {
    log.error({
      event: 'pay.notify.refused',
      reason: 'amount',
      expectedFen: order.amountFen,
      paidFen: notice.amountFen,
      ...context,
    });
    throw new PaymentRefused('amount', `支付金额 ${notice.amountFen} 分与订单金额 ${order.amountFen} 分不符`);
  }
  if (order.status !== 'created' && order.status !== 'closed') {
    if (order.providerTxnId && order.providerTxnId !== notice.providerTxnId) {
      log.error({ event: 'pay.notify.other_txn', known: order.providerTxnId, ...context });
    }
    return { outcome: 'duplicate', order };
  }
  const result = await db.transaction(async (tx) => {
    const paid = await transition(tx as unknown as Db, order.id, 'paid', {
      providerTxnId: notice.providerTxnId,
    });
    if (!paid) return null; // another delivery won
    await recordMoney(tx as unknown as Db, {
      userId: paid.userId,
      fen: paid.amountFen,
      kind: 'recharge',
      reference: paid.orderno,
      description: `支付 ${paid.description}`,
      orderId: paid.id,
    });
    return fulfil(tx as unknown as Db, paid);
  });
  if (!result) return { outcome: 'duplicate', order: (await findOrderByNo(db, notice.orderno))! };
  log.info({
    event: 'pay.order.paid',
    ...context,
    kind: result.kind,
    amountFen: result.amountFen,
    afterClose: order.status === 'closed',
  });
  return { outcome: 'credited', order: result };
}

/** paid → fulfilled with what the order bought (inside the payment's transaction). */
export async function fulfil(tx: Db, order: PayOrder): Promise<PayOrder> {
  const meta = order.metadata;
  if (order.kind === 'vip') {
    await extendVip(tx, { userId: order.userId, orderId: order.id, days: meta.days ?? 30 });
  } else {
    await addCredits(tx, {
      userId: order.userId,
      credits: order.credits,
      kind: 'recharge',
      reference: order.orderno,
      description:
        order.kind === 'recharge' ? `充值 ${order.credits} 算力` : `单次支付：${order.description}`,
      orderId: order.id,
    });
    if (order.kind === 'per_use' && meta.unlockReference) await spendPerUse(tx, order);
  }
  const done = await transition(tx, order.id, 'fulfilled');
  if (!done) throw new Error(`订单 ${order.orderno} 无法履约：状态已变化`);
  return done;
}

/**
 * A per-use payment buys credits and spends them on the unlock at once, so the records
 * show what was bought. Already unlocked (paid twice from two tabs): the credits stay in
 * the balance rather than being taken for nothing.
 */
async function spendPerUse(tx: Db, order: PayOrder) {
  const reference = order.metadata.unlockReference!;
  const idempotencyKey = `spend:${order.userId}:${reference}`;
  const projectId = order.metadata.projectId;
  const isPaidBefore =
    (
      await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, idempotencyKey))
    ).length > 0;
  if (isPaidBefore || (projectId && (await isProjectUnlocked(tx, order.userId, projectId)))) return;
  const balance = await takeCredits(tx, {
    userId: order.userId,
    credits: order.credits,
    kind: 'spend',
    reference,
    description: order.description,
    orderId: order.id,
    idempotencyKey,
  });
  if (balance === null) throw new Error(`订单 ${order.orderno} 入账后扣减失败`);
  if (projectId) {
    await tx
      .insert(userProjects)
      .values({ userId: order.userId, projectId, relation: 'unlocked' })
      .onConflictDoNothing();
  }
}
