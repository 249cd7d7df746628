import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatNumber,
  formatStage,
  formatWan,
  formatWanRange,
  formatYearMonth,
  wanOrUndisclosed,
} from './figures';

describe('formatNumber', () => {
  it('writes what Intl.NumberFormat en-US writes, at 0 and 2 decimals', () => {
    const intl = [0, 2].map((digits) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }));
    const check = (value: number) => {
      expect(formatNumber(value)).toBe(intl[0]!.format(value));
      expect(formatNumber(value, 2)).toBe(intl[1]!.format(value));
    };
    for (const value of [0, -0, 0.005, 0.125, 1.005, 12.345, 999.995, 1234.5, -2.5, 1e15, 12_345_678.9])
      check(value);
    fc.assert(fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), check));
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (n) => check(n / 100)));
  });
});

describe('formatWan', () => {
  it('writes amounts under 1亿 as grouped 万', () => {
    expect(formatWan(5000)).toBe('5,000万');
    expect(formatWan(700)).toBe('700万');
    expect(formatWan(0)).toBe('0万');
    expect(formatWan(9999)).toBe('9,999万');
  });

  it('writes 1亿 and more in 亿 with at most two decimals', () => {
    expect(formatWan(10_000)).toBe('1亿');
    expect(formatWan(12_000)).toBe('1.2亿');
    expect(formatWan(123_456)).toBe('12.35亿');
    expect(formatWan(1_500_000)).toBe('150亿');
  });

  it('writes 1万亿 and more in 万亿', () => {
    expect(formatWan(100_000_000)).toBe('1万亿');
  });

  it('marks US dollars and leaves out nothing or nonsense', () => {
    expect(formatWan(5000, 'USD')).toBe('5,000万美元');
    expect(formatWan(5000, 'CNY')).toBe('5,000万');
    expect(formatWan(null)).toBe('');
    expect(formatWan(undefined)).toBe('');
    expect(formatWan(-1)).toBe('');
    expect(formatWan(Number.NaN)).toBe('');
    expect(wanOrUndisclosed(null)).toBe('未披露');
  });
});

describe('formatWanRange', () => {
  it('joins both ends, or says which side is open', () => {
    expect(formatWanRange(200, 600)).toBe('200万-600万');
    expect(formatWanRange(5000, 20_000)).toBe('5,000万-2亿');
    expect(formatWanRange(1000, null)).toBe('1,000万以上');
    expect(formatWanRange(null, 600)).toBe('600万以内');
    expect(formatWanRange(300, 300)).toBe('300万');
    expect(formatWanRange(null, null)).toBe('');
  });
});

describe('stages and dates', () => {
  it('labels stages with the contract codes', () => {
    expect(formatStage(3)).toBe('A轮');
    expect(formatStage(32)).toBe('Pre-IPO');
    expect(formatStage(99)).toBe('未知轮次');
    expect(formatStage(null)).toBe('');
  });

  it('formats dates and ISO times in zh-cn, and ignores nonsense', () => {
    expect(formatDate('2026-11-17')).toBe('2026-11-17');
    expect(formatDate('2026-09-17T00:00:00.000Z')).toMatch(/^2026-09-1[67]$/);
    expect(formatYearMonth('2026-03-05')).toBe('2026年3月');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});
