/**
 * Every price of the product in one place, built from the BILLING_* configuration:
 * recharge packages, per-use unlocks, VIP tiers, free chat quotas, order limits. Money is
 * integer fen; discounts are kept as per-mille integers so that quarterly = 3 × month ×
 * seasondiscount and annual = 12 × month × yeardiscount come out to the fen. The price of
 * an order is always computed here; what a client sends is only compared with it.
 */
import type { Config } from '../../config.js';

export const VIP_LENGTHS = ['month', 'season', 'year'] as const;
export type VipLength = (typeof VIP_LENGTHS)[number];
export const PER_USE_ACTIONS = ['OptPerCharge', 'DockPerCharge', 'ChatPerCharge'] as const;
export type PerUseAction = (typeof PER_USE_ACTIONS)[number];

/** Free chat turns a day before ChatPerCharge applies (the assistant module counts them). */
export const CHAT_FREE_TURNS = { signedIn: 10, anonymous: 3 } as const;
/** Spec section 9: a per-use chat unlock costs 1 yuan. */
export const CHAT_PER_CHARGE_FEN = 100;
/** An unpaid order closes after this long (also its time_expire at WeChat Pay). */
export const ORDER_TTL_MS = 30 * 60 * 1000;
/** Orders cost nothing to make but fill the table: per user, at most this many a minute … */
export const ORDER_RATE_PER_MINUTE = 10;
/** … and at most this many unpaid at once. */
export const ORDER_OPEN_MAX = 20;
/** CheckChargeOrder asks the provider about an unpaid order this old (late notification) … */
export const LATE_QUERY_AFTER_MS = 10_000;
/** … at most this often per order. */
export const LATE_QUERY_EVERY_MS = 5_000;

export const VIP_DAYS: Record<VipLength, number> = { month: 30, season: 90, year: 365 };
const VIP_MONTHS: Record<VipLength, number> = { month: 1, season: 3, year: 12 };
export const VIP_LABELS: Record<VipLength, string> = { month: '月卡', season: '季卡', year: '年卡' };

export interface RechargePackage {
  id: string;
  fen: number;
  credits: number;
  title: string;
}

export interface PerUsePrice {
  fen: number;
  credits: number;
  label: string;
}

export interface VipTier {
  length: VipLength;
  fen: number;
  days: number;
  label: string;
  /** Discount per mille (1000 = none). */
  permille: number;
}

export interface Pricing {
  testMode: boolean;
  packages: RechargePackage[];
  perUse: Record<PerUseAction, PerUsePrice>;
  vip: Record<VipLength, VipTier>;
  /** Spec VipChargeArgs: price in yuan (as text) → days (30 monthly, 180 half-year, else annual). */
  vipChargeArgs: Record<string, number>;
  vipMonthFen: number;
  vipSeasonDiscount: number;
  vipYearDiscount: number;
}

const toPermille = (discount: number) => Math.round(discount * 1000);
const yuanText = (fen: number) => String(fen / 100);

export function vipDaysLabel(days: number): string {
  if (days === 30) return '月卡';
  if (days === 90) return '季卡';
  if (days === 180) return '半年卡';
  return '年卡';
}

const cache = new WeakMap<Config['billing'], Pricing>();

export function getPricing(config: Pick<Config, 'billing' | 'pay'>): Pricing {
  const cached = cache.get(config.billing);
  if (cached && cached.testMode === config.pay.testMode) return cached;
  const b = config.billing;
  const credits = (fen: number) => Math.max(1, Math.ceil(fen / b.fenPerCredit));
  const packages = b.rechargePackages.split(',').map((pair) => {
    const [fen, power] = pair.split(':').map(Number) as [number, number];
    return { id: `p${power}`, fen, credits: power, title: `${power} 算力` };
  });
  const tier = (length: VipLength): VipTier => {
    const permille =
      length === 'season'
        ? toPermille(b.vipSeasonDiscount)
        : length === 'year'
          ? toPermille(b.vipYearDiscount)
          : 1000;
    return {
      length,
      fen: Math.round((VIP_MONTHS[length] * b.vipMonthFen * permille) / 1000),
      days: VIP_DAYS[length],
      label: VIP_LABELS[length],
      permille,
    };
  };
  const vip = { month: tier('month'), season: tier('season'), year: tier('year') };
  const halfYearFen = Math.round((6 * b.vipMonthFen * toPermille(b.vipSeasonDiscount)) / 1000);
  const vipChargeArgs = b.vipChargeArgs
    ? Object.fromEntries(
        b.vipChargeArgs
          .split(',')
          .map((pair) => pair.split(':'))
          .map(([y, d]) => [y!, Number(d)]),
      )
    : { [yuanText(vip.month.fen)]: 30, [yuanText(halfYearFen)]: 180, [yuanText(vip.year.fen)]: 365 };
  const pricing: Pricing = {
    testMode: config.pay.testMode,
    packages,
    perUse: {
      OptPerCharge: { fen: b.optPerChargeFen, credits: credits(b.optPerChargeFen), label: '解锁优化建议' },
      DockPerCharge: {
        fen: b.dockPerChargeFen,
        credits: credits(b.dockPerChargeFen),
        label: '解锁项目联系方式',
      },
      ChatPerCharge: { fen: CHAT_PER_CHARGE_FEN, credits: credits(CHAT_PER_CHARGE_FEN), label: '解锁对话' },
    },
    vip,
    vipChargeArgs,
    vipMonthFen: b.vipMonthFen,
    vipSeasonDiscount: toPermille(b.vipSeasonDiscount) / 1000,
    vipYearDiscount: toPermille(b.vipYearDiscount) / 1000,
  };
  cache.set(config.billing, pricing);
  return pricing;
}

/** What the provider is asked to collect: the list price, or 1 fen in the test environment (spec 5). */
export function chargedFen(pricing: Pricing, listFen: number): number {
  return pricing.testMode ? 1 : listFen;
}

/**
 * A client-sent amount must be the server's price. In the test environment the client
 * sends 1 (spec section 5); the list price is accepted there too.
 */
export function isClientAmountAccepted(
  pricing: Pricing,
  money: number | undefined,
  listFen: number,
): boolean {
  if (money === undefined) return true;
  return money === listFen || (pricing.testMode && money === 1);
}

/** For the accounts module's `status` commoncfg (spec section 3). */
export function getCommonCfgPrices(config: Pick<Config, 'billing' | 'pay'>) {
  const p = getPricing(config);
  return {
    OptPerCharge: p.perUse.OptPerCharge.fen,
    DockPerCharge: p.perUse.DockPerCharge.fen,
    ChatPerCharge: p.perUse.ChatPerCharge.fen,
    VipChargeArgs: p.vipChargeArgs,
    VipChargeCfg: {
      month: p.vipMonthFen / 100,
      seasondiscount: p.vipSeasonDiscount,
      yeardiscount: p.vipYearDiscount,
    },
  };
}

export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}
