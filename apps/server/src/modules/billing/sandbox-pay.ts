/**
 * The sandbox provider's pay page (the QR opens it on a phone) and its 确认支付, which has
 * the sandbox send its signed notification to the notify row as a real provider would.
 * Both answer an HTML page and its status.
 */
import type { Db } from '../../platform/database/index.js';
import { type PayPort, PayProviderError } from '../../platform/pay/index.js';
import { findOrderByNo, isPaidStatus, type OrderLog } from './orders.js';
import { renderFailure, renderNotFound, renderPaid, renderPayPage } from './sandbox-page.js';

export interface PageAnswer {
  status: number;
  html: string;
}

const notFound = (): PageAnswer => ({ status: 404, html: renderNotFound('找不到这个沙箱订单') });
const isExpired = (order: { expiresAt: Date }) => order.expiresAt.getTime() < Date.now();

export async function showSandboxPage(db: Db, orderno: string): Promise<PageAnswer> {
  const order = await findOrderByNo(db, orderno);
  if (order?.provider !== 'sandbox') return notFound();
  return { status: 200, html: renderPayPage(order, isExpired(order)) };
}

/** `notifyUrl`: where the sandbox delivers its notification (this process's own listener). */
export async function confirmSandboxPayment(
  deps: { db: Db; sandbox: NonNullable<PayPort['sandbox']>; log: OrderLog },
  orderno: string,
  notifyUrl: string,
): Promise<PageAnswer> {
  const { db, sandbox, log } = deps;
  const order = await findOrderByNo(db, orderno);
  if (order?.provider !== 'sandbox') return notFound();
  if (isPaidStatus(order.status)) return { status: 200, html: renderPaid(order) };
  if (order.status !== 'created' || isExpired(order)) {
    return { status: 409, html: renderPayPage(order, true) };
  }
  try {
    const delivery = await sandbox.pay(order, notifyUrl);
    log.info({ event: 'pay.sandbox.paid', orderno: order.orderno, status: delivery.status });
    const latest = await findOrderByNo(db, order.orderno);
    if (delivery.ok && latest && isPaidStatus(latest.status))
      return { status: 200, html: renderPaid(latest) };
    return { status: 502, html: renderFailure(`平台未接受支付通知（HTTP ${delivery.status}）`) };
  } catch (error) {
    const message = error instanceof PayProviderError ? error.message : '沙箱支付失败';
    log.error({ event: 'pay.sandbox.failed', orderno: order.orderno, err: String(error) });
    return { status: 502, html: renderFailure(message) };
  }
}
