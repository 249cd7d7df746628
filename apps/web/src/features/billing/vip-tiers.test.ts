import { describe, expect, it } from 'vitest';
import { vipTiers, yuanText } from './vip-tiers';

describe('vipTiers', () => {
  it('prices quarterly and annual by the formulas, to the fen, with 折 badges', () => {
    expect(vipTiers({ month: 199, seasondiscount: 0.9, yeardiscount: 0.7 })).toEqual([
      { length: 'month', months: 1, fen: 19900, fold: null },
      { length: 'season', months: 3, fen: 53730, fold: 9 },
      { length: 'year', months: 12, fen: 167160, fold: 7 },
    ]);
  });

  it('keeps fractional yuan and folds exact', () => {
    const [, season, year] = vipTiers({ month: 19.9, seasondiscount: 0.85, yeardiscount: 0.75 });
    expect(season).toMatchObject({ fen: 5075, fold: 8.5 });
    expect(year).toMatchObject({ fen: 17910, fold: 7.5 });
    expect(yuanText(5075)).toBe('50.75');
    expect(yuanText(19900)).toBe('199');
  });
});
