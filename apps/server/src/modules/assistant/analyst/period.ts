/**
 * Time expressions in a question → a date range (inclusive, YYYY-MM-DD) relative to `now`
 * (Beijing calendar days): 最近一年, 近三个月, 近半年, 2024年以来, 2023年, 2023年上半年, 今年,
 * 去年下半年, 2022年到2024年, 2024年第二季度, 2025年3月. A period entirely in the future,
 * or one whose end is before its start, is an error to tell the reader about.
 */

export interface Period {
  from: string;
  to: string;
  /** As the reader said it (最近一年), shown with the dates. */
  label: string;
}

export type PeriodReading = { ok: true; period: Period | null } | { ok: false; message: string };

const CN_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
  半: 0.5,
};

/** 3, 三, 十二, 两 → number; null when not a number. */
export function cnNumber(text: string): number | null {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  if (text === '半') return 0.5;
  if (text === '十') return 10;
  const m = text.match(/^([一二两三四五六七八九])?十([一二三四五六七八九])?$/);
  if (m) return (m[1] ? CN_DIGITS[m[1]]! : 1) * 10 + (m[2] ? CN_DIGITS[m[2]]! : 0);
  if (text.length === 1 && CN_DIGITS[text] !== undefined) return CN_DIGITS[text]!;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The calendar day in Beijing. */
export function beijingDay(now: Date): { y: number; m: number; d: number; iso: string } {
  const t = new Date(now.getTime() + 8 * 3600_000);
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth() + 1;
  const d = t.getUTCDate();
  return { y, m, d, iso: ymd(y, m, d) };
}

function monthsBack(now: { y: number; m: number; d: number }, months: number): string {
  const whole = Math.floor(months);
  const total = now.y * 12 + (now.m - 1) - whole;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const d = Math.min(now.d, lastDay(y, m));
  // The day after the same day `months` ago: 最近一年 on 2026-11-25 is 2025-11-26 … 2026-11-25.
  const start = new Date(Date.UTC(y, m - 1, d) + 86_400_000);
  return start.toISOString().slice(0, 10);
}

const NUM = '(\\d+(?:\\.\\d+)?|[一二两三四五六七八九十半]+)';
const YEAR = '((?:19|20)\\d{2})';

export function parsePeriod(question: string, now: Date): PeriodReading {
  const q = question.normalize('NFKC').replace(/\s+/g, '');
  const today = beijingDay(now);
  const check = (from: string, to: string, label: string): PeriodReading => {
    if (to < from) return { ok: false, message: `时间段「${label}」的结束早于开始，请检查后再问。` };
    if (from > today.iso)
      return {
        ok: false,
        message: `「${label}」还没有到来（今天是 ${today.iso}），平台没有未来的交易数据。`,
      };
    return { ok: true, period: { from, to: to > today.iso ? today.iso : to, label } };
  };
  const yearOf = (word: string): number | null =>
    ({ 今年: today.y, 本年: today.y, 去年: today.y - 1, 前年: today.y - 2 })[word] ??
    (/^\d{4}$/.test(word) ? Number(word) : null);

  // A range of years or dates: 2022年到2024年, 2022-2024年, 2024年3月至2023年1月.
  let m = q.match(new RegExp(`${YEAR}年?(?:(\\d{1,2})月)?(?:到|至|~|-|—|–)${YEAR}年(?:(\\d{1,2})月)?`));
  if (m) {
    const y1 = Number(m[1]);
    const y2 = Number(m[3]);
    const from = m[2] ? ymd(y1, Number(m[2]), 1) : ymd(y1, 1, 1);
    const to = m[4] ? ymd(y2, Number(m[4]), lastDay(y2, Number(m[4]))) : ymd(y2, 12, 31);
    return check(from, to, m[0]);
  }
  // Since: 2024年以来, 自2024年起, 2024年至今, 2024年3月以来, 去年以来.
  m = q.match(
    new RegExp(
      `(?:自|从)?(${YEAR.slice(1, -1)}|今年|去年|前年)年?(?:(\\d{1,2})月)?(?:以来|至今|到现在|起|开始|之后|以后)`,
    ),
  );
  if (m) {
    const y = yearOf(m[1]!);
    if (y !== null) {
      const mm = m[2] ? Number(m[2]) : 1;
      return check(ymd(y, mm, 1), today.iso, m[0]);
    }
  }
  // Recent: 最近一年, 近三个月, 过去两年, 近半年, 最近12个月, 近30天.
  m = q.match(new RegExp(`(?:最近|近|过去|前)${NUM}(?:个)?(年|月|周|天|日)`));
  if (m && !/^前\d{4}/.test(m[0])) {
    const n = cnNumber(m[1]!);
    if (n !== null && n > 0) {
      const unit = m[2]!;
      const label = m[0];
      if (unit === '年') return check(monthsBack(today, n * 12), today.iso, label);
      if (unit === '月') return check(monthsBack(today, n), today.iso, label);
      const days = unit === '周' ? n * 7 : n;
      const from = new Date(Date.UTC(today.y, today.m - 1, today.d) - (days - 1) * 86_400_000);
      return check(from.toISOString().slice(0, 10), today.iso, label);
    }
  }
  m = q.match(/(?:最近|近|过去)半年/);
  if (m) return check(monthsBack(today, 6), today.iso, m[0]);
  // A year, half, quarter or month: 2024年上半年, 去年下半年, 2024年第二季度, 2024年Q3, 2025年3月, 今年, 2023年.
  m = q.match(
    new RegExp(
      `(${YEAR.slice(1, -1)}|今年|去年|前年|本年)年?(上半年|下半年|第?([一二三四1-4])季度|q([1-4])|(\\d{1,2})月(?:份)?)?`,
      'i',
    ),
  );
  if (m && (m[1]!.length !== 4 || q.includes(`${m[1]}年`) || m[2])) {
    const y = yearOf(m[1]!)!;
    const label = m[0];
    if (m[2] === '上半年') return check(ymd(y, 1, 1), ymd(y, 6, 30), label);
    if (m[2] === '下半年') return check(ymd(y, 7, 1), ymd(y, 12, 31), label);
    const quarter = m[3] ? cnNumber(m[3]) : m[4] ? Number(m[4]) : null;
    if (quarter) {
      const first = (quarter - 1) * 3 + 1;
      return check(ymd(y, first, 1), ymd(y, first + 2, lastDay(y, first + 2)), label);
    }
    if (m[5]) {
      const month = Number(m[5]);
      if (month < 1 || month > 12) return { ok: false, message: `「${label}」不是有效的月份。` };
      return check(ymd(y, month, 1), ymd(y, month, lastDay(y, month)), label);
    }
    return check(ymd(y, 1, 1), ymd(y, 12, 31), label);
  }
  // 上半年 / 下半年 alone: this year's.
  m = q.match(/(上半年|下半年)/);
  if (m) {
    return m[1] === '上半年'
      ? check(ymd(today.y, 1, 1), ymd(today.y, 6, 30), `${today.y}年上半年`)
      : check(ymd(today.y, 7, 1), ymd(today.y, 12, 31), `${today.y}年下半年`);
  }
  return { ok: true, period: null };
}
