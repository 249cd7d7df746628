/**
 * Quote blocks inside markdown (spec section 3): a fenced block in the language `quote`
 * lists citations (pid = report id, title, pages, optionally the quoted passage and its
 * number); a fenced block in `inquiry` lists IPO inquiry quotes as plain strings. The text
 * comes from an AI answer, so everything is validated: bad items are skipped, never thrown.
 */
import type { Quote } from '@jq/contract';

export const QUOTE_LANGUAGE = 'quote';
export const INQUIRY_LANGUAGE = 'inquiry';
const MAX_ITEMS = 50;
const MAX_PAGES = 20;

/** Reads a `quote` block: a JSON array, `{ list | items | quotes: [...] }`, or one JSON object per line. */
export function parseQuoteBlock(source: string): Quote[] {
  const items = readJsonItems(source);
  const quotes: Quote[] = [];
  for (const item of items) {
    const quote = toQuote(item, quotes.length + 1);
    if (quote) quotes.push(quote);
    if (quotes.length >= MAX_ITEMS) break;
  }
  return quotes;
}

/** Reads an `inquiry` block: a JSON array of strings, or one quote per non-empty line. */
export function parseInquiryBlock(source: string): string[] {
  const trimmed = source.trim();
  if (!trimmed) return [];
  const parsed = tryJson(trimmed);
  const list = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed) && Array.isArray(parsed.list)
      ? parsed.list
      : null;
  const lines = list
    ? list.filter((line): line is string => typeof line === 'string')
    : trimmed.split(/\r?\n/).map((line) => line.replace(/^\s*(?:[-*]|\d+[.、)])\s+/, ''));
  return lines
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, MAX_ITEMS);
}

/** Pages as given: `[3, 4]`, `3`, `"3"`, `"3-5"`, `"3,4"` or `"第3页"`; sorted, distinct, positive. */
export function parsePages(value: unknown): number[] {
  const out = new Set<number>();
  const add = (n: number) => {
    if (Number.isInteger(n) && n > 0 && n < 100_000) out.add(n);
  };
  const visit = (part: unknown) => {
    if (typeof part === 'number') return add(part);
    if (typeof part !== 'string') return;
    for (const piece of part.split(/[,，、;；\s]+/)) {
      const range = /^\D*(\d+)\s*[-~–—至到]\s*(\d+)\D*$/.exec(piece);
      if (range) {
        const [from, to] = [Number(range[1]), Number(range[2])];
        for (let n = from; n <= Math.min(to, from + MAX_PAGES); n += 1) add(n);
        continue;
      }
      const single = /(\d+)/.exec(piece);
      if (single) add(Number(single[1]));
    }
  };
  if (Array.isArray(value)) value.forEach(visit);
  else visit(value);
  return [...out].sort((a, b) => a - b).slice(0, MAX_PAGES);
}

function toQuote(item: unknown, fallbackN: number): Quote | null {
  if (!isRecord(item)) return null;
  const pid = Number(item.pid ?? item.rid ?? item.id);
  const title = typeof item.title === 'string' ? item.title.trim() : '';
  if (!Number.isInteger(pid) || pid <= 0 || !title) return null;
  const n = Number(item.n);
  return {
    n: Number.isInteger(n) && n > 0 ? n : fallbackN,
    pid,
    title,
    pages: parsePages(item.pages ?? item.page),
    text: typeof item.text === 'string' ? item.text.trim() : '',
  };
}

function readJsonItems(source: string): unknown[] {
  const trimmed = source.trim();
  if (!trimmed) return [];
  const parsed = tryJson(trimmed);
  if (Array.isArray(parsed)) return parsed;
  if (isRecord(parsed)) {
    for (const key of ['list', 'items', 'quotes']) {
      const value = parsed[key];
      if (Array.isArray(value)) return value;
    }
    return [parsed];
  }
  return trimmed
    .split(/\r?\n/)
    .map((line) => tryJson(line.trim()))
    .filter((value) => value !== undefined);
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `[n]` citation markers in plain text, split into text and numbers. */
export function splitCitations(text: string): Array<string | number> {
  const parts: Array<string | number> = [];
  const pattern = /\[(\d{1,3})\]/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(Number(match[1]));
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
