/**
 * Payments, compute credits (算力) and VIP on the wire. Money is integer fen; `money` in a
 * request is only compared with the server's own price, never used as the price. Field
 * names keep the spec's spelling (`ConversationId`, `clienttp`, `servicetp`, `viplength`).
 */

import { envelope, PageQuerySchema, pageOf } from './common.js';
import { z } from './zod.js';

const compat = {
  uguid: z.string().max(64).optional(),
  clientid: z.string().max(64).optional(),
};

const money = z.coerce.number().int().min(1).max(100_000_000).optional();
const orderno = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{6,32}$/, '订单号格式不正确');

/** qrcode: scan a QR with another device; wechat: pay inside the WeChat browser (JSAPI). */
export const ClientTypeSchema = z.enum(['qrcode', 'wechat']).default('qrcode');

export const PowerPackageSchema = z.object({
  id: z.string(),
  /** Price in fen (what is charged; 1 in the test environment). */
  price: z.number().int(),
  /** List price in fen. */
  listPrice: z.number().int(),
  power: z.number().int(),
  title: z.string(),
});
export type PowerPackage = z.infer<typeof PowerPackageSchema>;

export const PowerChargeCfgSchema = z.object({
  list: z.array(PowerPackageSchema),
  /** The test environment charges 1 fen for everything (spec section 5). */
  testMode: z.boolean(),
});
export type PowerChargeCfg = z.infer<typeof PowerChargeCfgSchema>;

export const PerUsePriceSchema = z.object({
  fen: z.number().int(),
  power: z.number().int(),
  label: z.string(),
});

export const ChatCfgSchema = z.object({
  /** Per-use chat unlock in fen (1 yuan). */
  ChatPerCharge: z.number().int(),
  ChatPerChargePower: z.number().int(),
  /** Free turns a day for this caller (signed in or anonymous). */
  freeTurnsPerDay: z.number().int(),
  freeTurns: z.object({ signedIn: z.number().int(), anonymous: z.number().int() }),
  perUse: z.object({
    OptPerCharge: PerUsePriceSchema,
    DockPerCharge: PerUsePriceSchema,
    ChatPerCharge: PerUsePriceSchema,
  }),
  testMode: z.boolean(),
});
export type ChatCfg = z.infer<typeof ChatCfgSchema>;

export const GenChargeOrderBodySchema = z.object({
  /** Package id from GetPowerChargeCfg. */
  id: z.string().trim().min(1).max(32),
  money,
  clienttp: ClientTypeSchema,
  ...compat,
});
export type GenChargeOrderBody = z.infer<typeof GenChargeOrderBodySchema>;

export const CHARGE_ACTIONS = ['OptPerCharge', 'DockPerCharge', 'ChatPerCharge', 'vipcharge'] as const;

export const ChargeCodeBodySchema = z.object({
  action: z.enum(CHARGE_ACTIONS),
  money,
  /** What the charge unlocks: the conversation (chat, advice) or the match it belongs to. */
  ConversationId: z.string().trim().max(64).optional(),
  /** DockPerCharge: the project whose contacts are unlocked. */
  pid: z.coerce.number().int().positive().optional(),
  /** vipcharge in the test environment (money 1): which tier, by its days. */
  days: z.coerce.number().int().positive().optional(),
  clienttp: ClientTypeSchema,
  ...compat,
});
export type ChargeCodeBody = z.infer<typeof ChargeCodeBodySchema>;

export const CreatePayBodySchema = z.object({
  relateid: z.string().max(64).optional(),
  relatetype: z.literal('vip').default('vip'),
  money,
  clienttp: ClientTypeSchema,
  servicename: z.string().max(64).optional(),
  servicetp: z.literal('VipCharge').default('VipCharge'),
  service: z.object({ viplength: z.enum(['month', 'season', 'year']) }),
  ...compat,
});
export type CreatePayBody = z.infer<typeof CreatePayBodySchema>;

export const PayJsConfigSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type PayJsConfig = z.infer<typeof PayJsConfigSchema>;

/** Spec section 3 "Order". */
export const OrderSchema = z.object({
  orderno: z.string(),
  /** QR payload: WeChat Pay code_url, or the sandbox pay page. '' for JSAPI. */
  code: z.string(),
  payQrcodeUrl: z.string(),
  paycfg: z.object({
    provider: z.enum(['sandbox', 'wechat']),
    /** Charged, in fen. */
    amount: z.number().int(),
    listAmount: z.number().int(),
    description: z.string(),
    expiresAt: z.string(),
  }),
  payJsConfig: PayJsConfigSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderNoQuerySchema = z.object({ orderno, ...compat });

/** 1 when paid, 0 otherwise (spec: result 1000 with data 1 means paid). */
export const OrderPaidSchema = z.union([z.literal(0), z.literal(1)]);

export const PowerSchema = z.object({ power: z.number().int() });

export const PowerRecordsBodySchema = PageQuerySchema.extend({
  /** all (default), spend or recharge. */
  type: z.enum(['all', 'spend', 'recharge']).default('all'),
  ...compat,
});

export const PowerRecordSchema = z.object({
  id: z.number().int(),
  /** Signed: + added, − spent. */
  power: z.number().int(),
  kind: z.enum(['recharge', 'spend', 'refund', 'grant', 'adjust', 'income']),
  kindLabel: z.string(),
  /** What it bought, in Chinese. */
  description: z.string(),
  reference: z.string(),
  balanceAfter: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PowerRecord = z.infer<typeof PowerRecordSchema>;
export const PowerRecordPageSchema = pageOf(PowerRecordSchema);

export const PowerUnlockBodySchema = z.object({
  action: z.enum(['OptPerCharge', 'DockPerCharge', 'ChatPerCharge']),
  ConversationId: z.string().trim().min(1).max(64).optional(),
  pid: z.coerce.number().int().positive().optional(),
  ...compat,
});
export const PowerUnlockSchema = z.object({
  /** credits: paid now; vip: a VIP benefit; already: unlocked before, nothing charged. */
  via: z.enum(['credits', 'vip', 'already']),
  charged: z.number().int(),
  power: z.number().int(),
  reference: z.string(),
});
export type PowerUnlock = z.infer<typeof PowerUnlockSchema>;

/** VIP benefits of spec section 1, for the /vip page. */
export const VIP_BENEFIT_LABELS = [
  'Teaser 优先展示',
  '解锁 Teaser 联系方式',
  '创投机构库匹配',
  '优先匹配投资人',
  '悬赏任务优先',
] as const;

export const OrderResponseSchema = envelope(OrderSchema);
