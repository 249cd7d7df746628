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

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const upToTwoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

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
    return `${upToTwoDecimals.format(amount / WAN_PER_YI / YI_PER_WANYI)}万亿${suffix}`;
  }
  if (amount >= WAN_PER_YI) return `${upToTwoDecimals.format(amount / WAN_PER_YI)}亿${suffix}`;
  return `${grouped.format(amount)}万${suffix}`;
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
  return grouped.format(count);
}

/** Shown where an amount is missing. */
export function wanOrUndisclosed(amount: number | null | undefined, currency?: string | null): string {
  return formatWan(amount, currency) || common.undisclosed;
}
