/**
 * Reads a free-text project description (or an investor's thesis) into match fields with
 * the reference data's vocabulary: industries by name and synonym (the most specific,
 * earliest mention first: 储能电池 beats the 储能 inside it), the stage (A轮, Pre-A, 天使轮,
 * Series B), the amount (5000万, 1.2亿元, 300万美元) and the region (深圳, 广东省). Whatever
 * is not recognised is left for the user to fill in.
 */
import { industryRows, parseStage, regionRows } from '../reference/index.js';

interface Term {
  text: string;
  id: string;
  isLatin: boolean;
}

let industryTerms: Term[] | undefined;
let regionTerms: Term[] | undefined;

const normal = (text: string) => text.normalize('NFKC').toLowerCase();

function terms(): { industries: Term[]; regions: Term[] } {
  if (!industryTerms) {
    industryTerms = [];
    for (const row of industryRows()) {
      for (const name of [row.name, ...row.synonyms]) {
        const text = normal(name).replace(/\s+/g, '');
        if ([...text].length < 2) continue;
        industryTerms.push({ text, id: row.id, isLatin: /^[a-z0-9.+\-&]+$/.test(text) });
      }
    }
    // Longer terms first, so the longest mention claims its span.
    industryTerms.sort((a, b) => b.text.length - a.text.length);
  }
  if (!regionTerms) {
    regionTerms = [];
    for (const row of regionRows()) {
      for (const name of new Set([row.name, row.shortName])) {
        if ([...name].length >= 2) regionTerms.push({ text: name, id: row.code, isLatin: false });
      }
    }
    regionTerms.sort((a, b) => b.text.length - a.text.length);
  }
  return { industries: industryTerms, regions: regionTerms };
}

/** Every mention of the terms, longest first, none overlapping a longer one; ordered by position. */
function mentions(text: string, list: Term[]): { id: string; at: number }[] {
  const taken = new Uint8Array(text.length);
  const found: { id: string; at: number }[] = [];
  for (const term of list) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(term.text, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + term.text.length;
      if (term.isLatin && (/[a-z0-9]/.test(text[at - 1] ?? '') || /[a-z0-9]/.test(text[end] ?? ''))) continue;
      if (taken.subarray(at, end).some(Boolean)) continue;
      taken.fill(1, at, end);
      found.push({ id: term.id, at });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

const STAGE_PATTERN =
  /(pre-?ipo|pre-?[a-f]\+{0,2}|series\s*[a-f]|[a-f]\+{0,2}\s*轮|[a-f]\d\s*轮|天使\+?轮?|种子轮|战略(?:投资|融资)|定向增发|定增|并购|基石轮?|债权融资|ipo)/i;

/** 万元 from "5000万", "1.2亿元", "300万美元" (US$ at 7.2, HK$ at 0.92). */
function parseAmount(text: string): number | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(亿|千万|百万|万)\s*(美元|美金|港元|港币|元|人民币)?/.exec(text);
  if (!match) return undefined;
  const unit = { 亿: 10_000, 千万: 1000, 百万: 100, 万: 1 }[match[2] as '亿' | '千万' | '百万' | '万'];
  const rate = /美/.test(match[3] ?? '') ? 7.2 : /港/.test(match[3] ?? '') ? 0.92 : 1;
  const value = Math.round(Number(match[1]) * unit * rate);
  return value > 0 && value <= 100_000_000 ? value : undefined;
}

/** 500-2000万, 500万至2000万, 1-3亿 → 万元 pair. */
function parseRange(text: string): [number, number] | null {
  const match =
    /(\d+(?:\.\d+)?)\s*(亿|千万|百万|万)?\s*(?:-|–|—|~|至|到)\s*(\d+(?:\.\d+)?)\s*(亿|千万|百万|万)/.exec(
      text,
    );
  if (!match) return null;
  const unit = (u: string | undefined) =>
    ({ 亿: 10_000, 千万: 1000, 百万: 100, 万: 1 })[(u ?? '万') as '万'] ?? 1;
  const high = Number(match[3]) * unit(match[4]);
  const low = Number(match[1]) * unit(match[2] ?? match[4]);
  return low > 0 && high >= low ? [Math.round(low), Math.round(high)] : null;
}

export interface ParsedDescription {
  /** Industry ids, the main one first. */
  industries: string[];
  stage: number | null;
  /** Every stage named (a thesis may name several: 天使轮和A轮). */
  stages: number[];
  amount: number | null;
  /** A range named (单笔 500–2000 万), 万元. */
  amountRange: [number, number] | null;
  /** Region codes (a city when one was named). */
  regions: string[];
}

export function parseDescription(raw: string): ParsedDescription {
  const text = normal(raw);
  const compact = text.replace(/\s+/g, '');
  const { industries: industryList, regions: regionList } = terms();
  const found = mentions(compact, industryList).map((m) => m.id);
  // A sub-industry stands for its top: keep the top only when no sub of it was named.
  const ids = [...new Set(found)];
  const industries = ids.filter((id) => id.includes('.') || !ids.some((other) => other.startsWith(`${id}.`)));
  const stages: number[] = [];
  for (const match of text.matchAll(new RegExp(STAGE_PATTERN.source, 'gi'))) {
    const code = parseStage(match[1]!.replace(/\s+/g, ''));
    if (code !== undefined && !stages.includes(code)) stages.push(code);
  }
  const stage = stages[0];
  const regions = [...new Set(mentions(compact, regionList).map((m) => m.id))];
  return {
    industries: industries.slice(0, 5),
    stage: stage ?? null,
    stages,
    amount: parseAmount(compact) ?? null,
    amountRange: parseRange(compact),
    regions: regions.slice(0, 3),
  };
}
