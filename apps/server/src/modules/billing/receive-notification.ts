/**
 * A payment provider's notification: verified (signature, decryption) by the pay port, then
 * booked once. The answer is in the provider's own format, not our envelope: 204 when booked
 * or already booked, else a status and `{code: 'FAIL', message}` so the provider retries
 * what may succeed later (500) and stops on what never will (401, 400, 404).
 */
import type { Db } from '../../platform/database/index.js';
import { PayNotifyError, type PayPort } from '../../platform/pay/index.js';
import type { OrderLog } from './orders.js';
import { applyPayment, PaymentRefused } from './payments.js';

export interface ProviderAnswer {
  status: number;
  body?: { code: 'FAIL'; message: string };
}

const fail = (status: number, message: string): ProviderAnswer => ({
  status,
  body: { code: 'FAIL', message },
});

export async function receiveNotification(
  deps: { db: Db; pay: PayPort; log: OrderLog },
  notification: {
    provider: string;
    headers: Record<string, string | string[] | undefined>;
    rawBody: string;
  },
): Promise<ProviderAnswer> {
  const { db, pay, log } = deps;
  const { provider } = notification;
  if (provider !== pay.engine) {
    log.warn({ event: 'pay.notify.refused', reason: 'provider', provider });
    return fail(404, '未启用该支付渠道');
  }
  try {
    const notice = await pay.verifyNotification(notification.headers, notification.rawBody);
    const { outcome } = await applyPayment(db, notice, log);
    if (outcome === 'duplicate') log.info({ event: 'pay.notify.duplicate', orderno: notice.orderno });
    return { status: 204 };
  } catch (error) {
    if (error instanceof PayNotifyError) {
      log.warn({ event: 'pay.notify.refused', reason: error.reason, provider, msg: error.message });
      return fail(401, error.message);
    }
    if (error instanceof PaymentRefused) return fail(400, error.message);
    log.error({ event: 'pay.notify.failed', err: error }, 'notification not applied');
    return fail(500, '处理失败，请重试');
  }
}
