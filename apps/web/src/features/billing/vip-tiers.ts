/**
 * VIP tiers from commoncfg.VipChargeCfg (spec sections 3 and 9): the monthly price in yuan;
 * quarterly = 3 × month × seasondiscount, annual = 12 × month × yeardiscount, in fen (the
 * amount sent is price × 100, spec section 5). The server prices the order the same way and
 * refuses an amount that differs. The discount badge is the discount × 10 (折).
 */
import type { VipLength } from './api';

export interface VipChargeCfg {
  month: number;
  seasondiscount: number;
  yeardiscount: number;
}

export interface VipTier {
  length: VipLength;
  months: number;
  fen: number;
  /** 9 for 0.9; null when there is no discount. */
  fold: number | null;
}

const MONTHS: Record<VipLength, number> = { month: 1, season: 3, year: 12 };

export function vipTiers(cfg: VipChargeCfg): VipTier[] {
  return (['month', 'season', 'year'] as const).map((length) => {
    const discount = length === 'season' ? cfg.seasondiscount : length === 'year' ? cfg.yeardiscount : 1;
    // Discounts in thousandths, as the server computes them, so both land on the same fen.
    const permille = Math.round(discount * 1000);
    const fen = Math.round((MONTHS[length] * Math.round(cfg.month * 100) * permille) / 1000);
    return { length, months: MONTHS[length], fen, fold: permille < 1000 ? permille / 100 : null };
  });
}

export function yuanText(fen: number): string {
  return (fen / 100).toFixed(2).replace(/\.00$/, '');
}
