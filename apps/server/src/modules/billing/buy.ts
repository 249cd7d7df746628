/**
 * What a buyer can order, priced by the server: a recharge package (GenChargeOrder), a
 * per-use unlock or a VIP tier by price (GetChargeCode), a VIP length (CreatePay). A
 * client-sent `money` that is not the server's price is refused before any order exists.
 */
import { Code, type Order } from '@jq/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { PayPort } from '../../platform/pay/index.js';
import { createOrder, type NewOrder, type OrderLog } from './orders.js';
import {
  chargedFen,
  getPricing,
  isClientAmountAccepted,
  type PerUseAction,
  type Pricing,
  VIP_DAYS,
  type VipLength,
  vipDaysLabel,
  yuan,
} from './pricing.js';
import { checkUnlockTarget, type UnlockTargets, unlockReference } from './unlock.js';

export interface BuyDeps {
  db: Db;
  pay: PayPort;
  log: OrderLog;
  config: Pick<Config, 'billing' | 'pay'>;
  /** What per-use orders may be placed for (see unlock.ts). */
  unlockTargets: UnlockTargets;
}

type ClientType = 'qrcode' | 'wechat';

function refuseAmount(money: number, listFen: number): never {
  throw new AppError(
    Code.BAD_REQUEST,
    `金额不符：应付 ¥${yuan(listFen)}，收到 ¥${yuan(money)}，请刷新页面后重试`,
  );
}

async function place(
  deps: BuyDeps,
  userId: number,
  clienttp: ClientType,
  order: Omit<NewOrder, 'userId' | 'clientType'>,
) {
  const clientType = clienttp === 'wechat' ? 'jsapi' : 'qrcode';
  let openid: string | null = null;
  if (clientType === 'jsapi') {
    const [row] = await deps.db
      .select({ openid: users.wechatOpenid })
      .from(users)
      .where(eq(users.id, userId));
    openid = row?.openid ?? null;
  }
  const { order: created, payment } = await createOrder(deps, { ...order, userId, clientType, openid });
  return {
    orderno: created.orderno,
    code: payment.code,
    payQrcodeUrl: payment.code,
    paycfg: {
      provider: created.provider,
      amount: created.amountFen,
      listAmount: created.metadata.listFen ?? created.amountFen,
      description: created.description,
      expiresAt: created.expiresAt.toISOString(),
    },
    payJsConfig: payment.payJsConfig,
  } satisfies Order;
}

export async function orderRecharge(
  deps: BuyDeps,
  userId: number,
  input: { id: string; money?: number | undefined; clienttp: ClientType },
) {
  const pricing = getPricing(deps.config);
  const pkg = pricing.packages.find((p) => p.id === input.id);
  if (!pkg) throw new AppError(Code.BAD_REQUEST, '参数「充值套餐」有误：套餐不存在，请刷新页面后重试');
  if (!isClientAmountAccepted(pricing, input.money, pkg.fen)) refuseAmount(input.money!, pkg.fen);
  return place(deps, userId, input.clienttp, {
    kind: 'recharge',
    product: pkg.id,
    description: `算力充值 ${pkg.credits} 点`,
    amountFen: chargedFen(pricing, pkg.fen),
    credits: pkg.credits,
    metadata: { listFen: pkg.fen },
  });
}

export interface ChargeCodeInput {
  action: PerUseAction | 'vipcharge';
  money?: number | undefined;
  ConversationId?: string | undefined;
  pid?: number | undefined;
  days?: number | undefined;
  clienttp: ClientType;
}

export async function orderPerUse(deps: BuyDeps, userId: number, input: ChargeCodeInput) {
  const pricing = getPricing(deps.config);
  if (input.action === 'vipcharge') return orderVipByPrice(deps, pricing, userId, input);
  const price = pricing.perUse[input.action];
  if (!isClientAmountAccepted(pricing, input.money, price.fen)) refuseAmount(input.money!, price.fen);
  // Before any order: what it unlocks exists and the caller may see it.
  const checked = await checkUnlockTarget(deps.db, deps.unlockTargets, userId, {
    action: input.action,
    conversationId: input.ConversationId,
    pid: input.pid,
  });
  const target = checked.kind === 'project' ? checked.projectId : checked.id;
  const what = checked.kind === 'project' ? `${price.label}：${checked.name}` : price.label;
  return place(deps, userId, input.clienttp, {
    kind: 'per_use',
    product: input.action,
    description: what,
    amountFen: chargedFen(pricing, price.fen),
    credits: price.credits,
    metadata: {
      listFen: price.fen,
      action: input.action,
      unlockReference: unlockReference(input.action, target),
      ...(typeof target === 'number' ? { projectId: target } : { conversationId: target }),
    },
  });
}

/** vipcharge: the tier is the VipChargeArgs entry whose price is `money` (or, at 1 fen in test mode, `days`). */
async function orderVipByPrice(deps: BuyDeps, pricing: Pricing, userId: number, input: ChargeCodeInput) {
  const tiers = Object.entries(pricing.vipChargeArgs).map(([yuanText, days]) => ({
    fen: Math.round(Number(yuanText) * 100),
    days,
  }));
  const tier =
    tiers.find((t) => t.fen === input.money) ??
    (pricing.testMode && input.money === 1 ? tiers.find((t) => t.days === input.days) : undefined);
  if (!tier) {
    throw new AppError(Code.BAD_REQUEST, '金额不符：没有这个价格的会员套餐，请刷新页面后重试');
  }
  return placeVip(deps, pricing, userId, input.clienttp, `args:${tier.days}`, tier.fen, tier.days);
}

export async function orderVip(
  deps: BuyDeps,
  userId: number,
  input: { viplength: VipLength; money?: number | undefined; clienttp: ClientType },
) {
  const pricing = getPricing(deps.config);
  const tier = pricing.vip[input.viplength];
  if (!isClientAmountAccepted(pricing, input.money, tier.fen)) refuseAmount(input.money!, tier.fen);
  return placeVip(
    deps,
    pricing,
    userId,
    input.clienttp,
    input.viplength,
    tier.fen,
    VIP_DAYS[input.viplength],
  );
}

function placeVip(
  deps: BuyDeps,
  pricing: Pricing,
  userId: number,
  clienttp: ClientType,
  product: string,
  listFen: number,
  days: number,
) {
  return place(deps, userId, clienttp, {
    kind: 'vip',
    product,
    description: `开通 VIP ${vipDaysLabel(days)}（${days} 天）`,
    amountFen: chargedFen(pricing, listFen),
    credits: 0,
    metadata: { listFen, days, action: product },
  });
}
