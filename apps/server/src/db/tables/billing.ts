/**
 * Money: payment orders, the append-only ledger, compute-credit balances and VIP periods.
 * Every change of a balance or of a VIP expiry is written in the same transaction as the
 * ledger entry (or VIP period) that records it; `npm run billing -- reconcile` proves it.
 * Amounts of money are integer fen; credits (算力) are integers. The ledger refuses UPDATE,
 * DELETE and TRUNCATE through a trigger (custom migration `*_billing_guard.sql`).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const ORDER_KINDS = ['recharge', 'per_use', 'vip'] as const;
export const ORDER_STATUSES = ['created', 'paid', 'fulfilled', 'closed', 'refunded'] as const;
export const LEDGER_KINDS = ['recharge', 'spend', 'refund', 'grant', 'adjust', 'income'] as const;
export const LEDGER_CURRENCIES = ['credit', 'fen'] as const;

export type OrderKind = (typeof ORDER_KINDS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/** What an order buys, fixed by the server when the order is created. */
export interface OrderMetadata {
  /** Price before the test-environment 1 fen, for display and for the records. */
  listFen?: number;
  /** per_use: OptPerCharge | DockPerCharge | ChatPerCharge; vip: month | season | year | args. */
  action?: string;
  /** per_use: the ledger reference the unlock is recorded under (`unlock:project:123`). */
  unlockReference?: string;
  projectId?: number;
  conversationId?: string;
  /** vip: days added to the expiry. */
  days?: number;
  clientType?: 'qrcode' | 'jsapi';
  /** Refund bookkeeping: the provider call may fail after the books are closed, and is retried. */
  refund?: {
    refundNo: string;
    reason: string;
    providerStatus: 'pending' | 'success' | 'failed';
    error?: string;
  };
  [key: string]: unknown;
}

export const payOrders = pgTable(
  'pay_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderno: text('orderno').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ORDER_KINDS }).notNull(),
    /** Package id, per-use action or VIP length: what the buyer chose. */
    product: text('product').notNull(),
    /** What the buyer sees: 算力充值 100 点, 开通 VIP 月卡 … */
    description: text('description').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** Credits the order adds (recharge, per_use); 0 for VIP. */
    credits: integer('credits').notNull().default(0),
    provider: text('provider', { enum: ['sandbox', 'wechat'] }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    providerTxnId: text('provider_txn_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    fulfilledAt: at('fulfilled_at'),
    closedAt: at('closed_at'),
    refundedAt: at('refunded_at'),
    metadata: jsonb('metadata').$type<OrderMetadata>().notNull().default({}),
    /**
     * Sandbox orders: sha256 (hex) of the single-use token the QR link carries, so a phone
     * that is not signed in may open and confirm this order; null once used.
     */
    sandboxTokenHash: text('sandbox_token_hash'),
  },
  (t) => [
    index('pay_orders_user_idx').on(t.userId, t.createdAt),
    index('pay_orders_open_idx').on(t.status, t.expiresAt),
    check('pay_orders_amount_positive', sql`${t.amountFen} > 0`),
    check('pay_orders_credits_nonneg', sql`${t.credits} >= 0`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    currency: text('currency', { enum: LEDGER_CURRENCIES }).notNull(),
    /** Signed: + credits added or money received, − credits spent or money returned. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Order number, or what was bought (`unlock:project:123`). */
    reference: text('reference').notNull(),
    /** In Chinese: what the entry bought or why it was made. */
    description: text('description').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => payOrders.id),
    /** Set when the caller asked for a charge that happens at most once (`user:reference`). */
    idempotencyKey: text('idempotency_key'),
    /** Credits balance right after this entry (credit entries only). */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_user_idx').on(t.userId, t.currency, t.createdAt),
    index('ledger_entries_reference_idx').on(t.reference),
    uniqueIndex('ledger_entries_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // An order moves each currency at most once per kind: a second credit of the same
    // payment fails here even if the state machine were bypassed.
    uniqueIndex('ledger_entries_order_once')
      .on(t.orderId, t.currency, t.kind)
      .where(sql`${t.orderId} is not null`),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

export const balances = pgTable(
  'balances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    credits: bigint('credits', { mode: 'number' }).notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('balances_credits_nonneg', sql`${t.credits} >= 0`)],
);

/** One row per fulfilled VIP order: the stretch of membership it added. */
export const vipPeriods = pgTable(
  'vip_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => payOrders.id),
    days: integer('days').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    refundedAt: at('refunded_at'),
  },
  (t) => [index('vip_periods_user_idx').on(t.userId)],
);

export type PayOrder = typeof payOrders.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
