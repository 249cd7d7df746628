/**
 * Money in a question → 万元 (CNY): 5000万, 3亿, 1.5亿元, 800万美元, 两千万, 500万-2000万,
 * 超过1亿, 不低于3000万. US dollars are converted at a fixed, stated rate.
 */
import { cnNumber } from './period.js';

/** 1 USD in CNY for converting amounts said in dollars (shown with the answer). */
export const USD_CNY = 7.2;

export interface AmountBound {
  min: number | null;
  max: number | null;
  /** The words it came from (超过1亿), and whether dollars were converted. */
  label: string;
  usd: boolean;
}

const UNIT: Record<string, number> = { 亿: 10_000, 千万: 1000, 百万: 100, 万: 1, 千: 0.1 };
const AMOUNT =
  '(\\d+(?:\\.\\d+)?|[一二两三四五六七八九十]+)\\s*(亿|千万|百万|万)(?:元|人民币)?(美元|美金|usd)?';

function toWan(num: string, unit: string, usd: boolean): number | null {
  const n = cnNumber(num) ?? (/^[一二两三四五六七八九]千$/.test(num) ? null : null);
  if (n === null) return null;
  const wan = n * (UNIT[unit] ?? 1) * (usd ? USD_CNY : 1);
  return Math.round(wan);
}

/** Every amount said in the text, in 万元. */
export function amountsIn(text: string): { wan: number; usd: boolean; at: number; raw: string }[] {
  const q = text.normalize('NFKC').toLowerCase();
  const out: { wan: number; usd: boolean; at: number; raw: string }[] = [];
  for (const m of q.matchAll(new RegExp(AMOUNT, 'g'))) {
    const usd = Boolean(m[3]);
    const wan = toWan(m[1]!, m[2]!, usd);
    if (wan !== null && wan > 0) out.push({ wan, usd, at: m.index ?? 0, raw: m[0] });
  }
  return out;
}

/** A bound on round amounts: 超过/以上/不低于 X → min; 低于/以下/不超过 X → max; X-Y / X到Y → both. */
export function amountBound(text: string): AmountBound | null {
  const q = text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  const found = amountsIn(q);
  if (!found.length) return null;
  const usd = found.some((f) => f.usd);
  const range = q.match(new RegExp(`${AMOUNT}?(?:到|至|-|~|—)${AMOUNT}`));
  if (range && found.length >= 2) {
    const [a, b] = [found[0]!.wan, found[1]!.wan];
    return { min: Math.min(a, b), max: Math.max(a, b), label: range[0], usd };
  }
  const first = found[0]!;
  const before = q.slice(Math.max(0, first.at - 4), first.at);
  const after = q.slice(first.at + first.raw.length, first.at + first.raw.length + 3);
  if (/(超过|高于|大于|多于|不低于|不少于|至少|以上)$/.test(before) || /^(以上|及以上|起)/.test(after))
    return { min: first.wan, max: null, label: `${first.raw}以上`, usd };
  if (/(低于|小于|少于|不超过|不高于|最多|以内)$/.test(before) || /^(以下|以内|及以下)/.test(after))
    return { min: null, max: first.wan, label: `${first.raw}以下`, usd };
  return null;
}
