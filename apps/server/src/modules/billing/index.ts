/**
 * The billing module (API.md "Payments, compute credits, VIP"). What other modules use:
 * VIP benefits (`can`), spending credits (`charge`), per-use unlocks, and prices (the status
 * commoncfg, the chat unlock). Rows in routes.ts; unpaid orders past their expiry are closed
 * by a scheduled job.
 */
import { defineModule } from '../../http/index.js';
import { closeExpiredOrders } from './lifecycle.js';
import { billingRoutes } from './routes.js';
import type { UnlockTargets } from './unlock.js';

export { type ChargeRequest, type ChargeResult, charge, getBalance } from './ledger.js';
export { closeExpiredOrders, refundOrder } from './lifecycle.js';
export { getChatTurnPrice } from './price-lists.js';
export { CHAT_FREE_TURNS, getCommonCfgPrices, getPricing } from './pricing.js';
export { reconcile } from './reconcile.js';
export {
  isUnlocked,
  type UnlockTargetCheck,
  type UnlockTargets,
  unlockProjectContacts,
  unlockWithPower,
} from './unlock.js';
export { can, VIP_BENEFITS, type VipBenefit } from './vip.js';

/** The order sweep: once a minute across all processes (job_schedules). */
export const CLOSE_EXPIRED_ORDERS_JOB = 'billing.close-expired-orders';

/**
 * The billing module, given what per-use unlocks may be bought for: each module whose
 * things are unlocked gives its check (modules/index.ts wires them), so billing imports none.
 */
export const createBillingModule = ({ unlockTargets }: { unlockTargets: UnlockTargets }) =>
  defineModule({
    name: 'billing',
    setup: ({ config, platform, log }) => {
      const { pay } = platform;
      const db = platform.database.db;
      if (pay.engine === 'sandbox' && config.isProduction) {
        log.warn(
          { event: 'pay.sandbox.production' },
          '支付渠道为沙箱：下单的用户都可以免费"支付"自己的订单，正式运营请设置 PAY_PROVIDER=wechat',
        );
      }
      return {
        routes: billingRoutes({ db, pay, config, unlockTargets }),
        jobs: [
          {
            name: CLOSE_EXPIRED_ORDERS_JOB,
            everyMs: 60_000,
            // Not retried: the next minute's run sweeps the same orders. The conditional
            // transitions make a sweep racing a notification safe.
            attempts: 1,
            run: async () => {
              await closeExpiredOrders({ db, pay, log });
            },
          },
        ],
      };
    },
  });

// Knowledge base creator income (issue 16): the buyer's charge and the owners' shares in one transaction.
export { type CreatorShare, chargeWithCreatorShares, type SharedCharge } from './creator-income.js';

// Teasers (issue 17): credits taken for a contact request or a delivery, returned once if it falls through.
export { type ReleaseRequest, releaseCredits } from './holds.js';
