/**
 * How deal figures read wherever a project, an institution or an investor shows (library,
 * matching, exports): amounts arrive in 万元 and read the way Chinese deal sheets write them
 * (5,000万, 1.2亿), stages by the contract's labels, dates with dayjs in zh-cn.
 */
import { stageLabel } from '@jq/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { common } from '../../locales/zh-CN/common';

const WAN_PER_YI = 10_000;
const YI_PER_WANYI = 10_000;

/**
 * A number as en-US digits: thousands grouped with commas, at most `decimals` fraction digits
 * (rounded half up, trailing zeros dropped) — what Intl.NumberFormat('en-US') writes, without
 * it: the first NumberFormat a page makes loads ICU's number data, 10–60 ms on the main thread
 * while the first screen renders.
 */
export function formatNumber(value: number, decimals = 0): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [whole, fraction] = roundHalfUp(Math.abs(value), decimals);
  const digits = fraction.replace(/0+$/, '');
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${digits ? `.${digits}` : ''}`;
}

/**
 * A non-negative number rounded to `decimals` places as NumberFormat rounds it: half up on its
 * shortest decimal form (1.005 → 1.01, where toFixed sees 1.00499… and writes 1.00).
 */
function roundHalfUp(value: number, decimals: number): [string, string] {
  const text = String(value);
  if (text.includes('e')) {
    // Below 1e-6 (rounds to 0 at these places) or from 1e21 (no fraction to round).
    const [whole = '0', fraction = ''] = value.toFixed(decimals).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= decimals) return [whole, fraction];
  const rounded = BigInt(whole + fraction.slice(0, decimals)) + (fraction[decimals]! >= '5' ? 1n : 0n);
  const digits = rounded.toString().padStart(decimals + 1, '0');
  return [digits.slice(0, digits.length - decimals), digits.slice(digits.length - decimals)];
}

function currencySuffix(currency?: string | null): string {
  return currency && currency.toUpperCase() === 'USD' ? '美元' : '';
}

/**
 * An amount in 万元: under 1亿 as grouped 万 (5,000万), from 1亿 as 亿 with at most two
 * decimals (1.2亿, 12.35亿), from 1万亿 as 万亿. Null or negative is empty: the caller says 未披露.
 */
export function formatWan(amount: number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount < 0) return '';
  const suffix = currencySuffix(currency);
  if (amount >= WAN_PER_YI * YI_PER_WANYI) {
    return `${formatNumber(amount / WAN_PER_YI / YI_PER_WANYI, 2)}万亿${suffix}`;
  }
  if (amount >= WAN_PER_YI) return `${formatNumber(amount / WAN_PER_YI, 2)}亿${suffix}`;
  return `${formatNumber(amount)}万${suffix}`;
}

/** A 万元 range: 200万-600万, 1000万以上, 600万以内; one side missing reads as open. */
export function formatWanRange(
  min: number | null | undefined,
  max: number | null | undefined,
  currency?: string | null,
): string {
  const low = formatWan(min, currency);
  const high = formatWan(max, currency);
  if (low && high) return min === max ? low : `${low}-${high}`;
  if (low) return `${low}以上`;
  if (high) return `${high}以内`;
  return '';
}

export function formatStage(code: number | null | undefined): string {
  return code === null || code === undefined ? '' : stageLabel(code);
}

/** `2026-11-17` (or an ISO time) as 2026-11-17; empty for nothing or nonsense. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.locale('zh-cn').format('YYYY-MM-DD') : '';
}

/** 2026年11月: the grain of a financing timeline. */
export function formatYearMonth(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.locale('zh-cn').format('YYYY年M月') : '';
}

export function formatCount(count: number): string {
  return formatNumber(count);
}

/** Shown where an amount is missing. */
export function wanOrUndisclosed(amount: number | null | undefined, currency?: string | null): string {
  return formatWan(amount, currency) || common.undisclosed;
}
