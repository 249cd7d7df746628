/**
 * The sandbox provider's pay page (the QR opens it on a phone) and its 确认支付, which has
 * the sandbox send its signed notification to the notify row as a real provider would.
 * Both answer an HTML page and its status.
 *
 * Who may see and confirm an order: its owner (signed in), or whoever holds the single-use
 * token of its QR link (the phone that scans may be signed out). Anyone else gets exactly
 * the page an unknown order number gets. Confirming with the token uses it up.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { type PayOrder, payOrders } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';
import { type PayPort, PayProviderError } from '../../platform/pay/index.js';
import { findOrderByNo, isPaidStatus, type OrderLog } from './orders.js';
import { renderFailure, renderNotFound, renderPaid, renderPayPage } from './sandbox-page.js';
import { isSandboxToken } from './sandbox-token.js';

export interface PageAnswer {
  status: number;
  html: string;
}

/** Who asks: the signed-in user (if any) and the token the link carried (if any). */
export interface SandboxVisitor {
  userId: number | null;
  token: string | undefined;
}

const notFound = (): PageAnswer => ({ status: 404, html: renderNotFound('找不到这个沙箱订单') });
const isExpired = (order: { expiresAt: Date }) => order.expiresAt.getTime() < Date.now();

/** The order and how the visitor may reach it, or null: unknown, not the sandbox's, or not theirs. */
async function orderFor(
  db: Db,
  orderno: string,
  visitor: SandboxVisitor,
): Promise<{ order: PayOrder; by: 'owner' | 'token' } | null> {
  const order = await findOrderByNo(db, orderno);
  if (order?.provider !== 'sandbox') return null;
  if (visitor.userId !== null && order.userId === visitor.userId) return { order, by: 'owner' };
  if (isSandboxToken(visitor.token, order.sandboxTokenHash)) return { order, by: 'token' };
  return null;
}

export async function showSandboxPage(db: Db, orderno: string, visitor: SandboxVisitor): Promise<PageAnswer> {
  const found = await orderFor(db, orderno, visitor);
  if (!found) return notFound();
  const token = found.by === 'token' ? visitor.token : undefined;
  return { status: 200, html: renderPayPage(found.order, isExpired(found.order), token) };
}

/** `notifyUrl`: where the sandbox delivers its notification (this process's own listener). */
export async function confirmSandboxPayment(
  deps: { db: Db; sandbox: NonNullable<PayPort['sandbox']>; log: OrderLog },
  orderno: string,
  visitor: SandboxVisitor,
  notifyUrl: string,
): Promise<PageAnswer> {
  const { db, sandbox, log } = deps;
  const found = await orderFor(db, orderno, visitor);
  if (!found) return notFound();
  const { order } = found;
  if (isPaidStatus(order.status)) return { status: 200, html: renderPaid(order) };
  if (order.status !== 'created' || isExpired(order)) {
    return { status: 409, html: renderPayPage(order, true) };
  }
  // The token pays once: taken in one conditional update, so two confirmations cannot both use it.
  const usedHash = found.by === 'token' ? order.sandboxTokenHash : null;
  if (usedHash) {
    const [taken] = await db
      .update(payOrders)
      .set({ sandboxTokenHash: null })
      .where(and(eq(payOrders.id, order.id), eq(payOrders.sandboxTokenHash, usedHash)))
      .returning({ id: payOrders.id });
    if (!taken) return notFound();
  }
  // Not paid after all: the link works again for another try.
  const giveBack = async () => {
    if (!usedHash) return;
    await db
      .update(payOrders)
      .set({ sandboxTokenHash: usedHash })
      .where(
        and(eq(payOrders.id, order.id), isNull(payOrders.sandboxTokenHash), eq(payOrders.status, 'created')),
      );
  };
  try {
    const delivery = await sandbox.pay(order, notifyUrl);
    log.info({ event: 'pay.sandbox.paid', orderno: order.orderno, status: delivery.status, by: found.by });
    const latest = await findOrderByNo(db, order.orderno);
    if (delivery.ok && latest && isPaidStatus(latest.status))
      return { status: 200, html: renderPaid(latest) };
    await giveBack();
    return { status: 502, html: renderFailure(`平台未接受支付通知（HTTP ${delivery.status}）`) };
  } catch (error) {
    await giveBack();
    const message = error instanceof PayProviderError ? error.message : '沙箱支付失败';
    log.error({ event: 'pay.sandbox.failed', orderno: order.orderno, err: String(error) });
    return { status: 502, html: renderFailure(message) };
  }
}
