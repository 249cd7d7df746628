/** Small helpers the generator shares: dates, amounts in Chinese, weights. */
import type { WeightedId } from './types.js';

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC midnight of a date: generation depends on the day, never the hour. */
export function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + Math.round(days) * 86_400_000);
}

/** 2024.5 for the first of July 2024: what the latent activity windows are measured in. */
export function decimalYear(date: Date): number {
  const year = date.getUTCFullYear();
  const start = Date.UTC(year, 0, 1);
  return year + (date.getTime() - start) / (Date.UTC(year + 1, 0, 1) - start);
}

/** 万元 as people write it: 800万元, 4500万元, 1.2亿元, 15亿元. */
export function formatWan(amount: number): string {
  if (amount >= 10_000) {
    const yi = amount / 10_000;
    return `${Number.isInteger(yi) ? yi : yi.toFixed(yi >= 10 ? 0 : 1)}亿元`;
  }
  return `${amount}万元`;
}

/** 亿元 figures of a market: 1850亿元, 1.2万亿元. */
export function formatYi(amount: number): string {
  if (amount >= 10_000)
    return `${(amount / 10_000).toFixed(amount >= 100_000 ? 1 : 2).replace(/\.?0+$/, '')}万亿元`;
  if (amount >= 100) return `${Math.round(amount)}亿元`;
  return `${amount.toFixed(1).replace(/\.0$/, '')}亿元`;
}

/** How an undisclosed amount is reported, by its true size. */
export function vagueAmount(amount: number): string {
  if (amount < 1000) return '数百万人民币';
  if (amount < 8000) return '数千万人民币';
  if (amount < 15_000) return '近亿元人民币';
  if (amount < 100_000) return '数亿元人民币';
  return '超十亿元人民币';
}

export function normalize<T>(items: WeightedId<T>[]): WeightedId<T>[] {
  const total = items.reduce((sum, item) => sum + item.weight, 0) || 1;
  return items.map((item) => ({ id: item.id, weight: Math.round((item.weight / total) * 1000) / 1000 }));
}

export function joinCn(items: string[]): string {
  return items.join('、');
}

/** Fills {a} {b} {g} {c} {p} in a traction template with plausible numbers. */
export function fillTraction(template: string, next: () => number): string {
  const pick = (min: number, max: number) => Math.round(min + next() * (max - min));
  return template
    .replace(/\{a\}/g, () => String(pick(8, 400)))
    .replace(/\{b\}/g, () => String(pick(8, 300) * 100))
    .replace(/\{g\}/g, () => String(pick(25, 260)))
    .replace(/\{c\}/g, () => String(pick(2, 180)))
    .replace(/\{p\}/g, () => String(pick(15, 85)));
}
