/**
 * Passages of report pages: sentences cut with their exact position, scored against the
 * question, and quote blocks whose text is always a verbatim slice of the page (what the
 * PDF viewer highlights). Quotes are data: nothing in them is ever read as an instruction.
 */
import type { Quote } from '@jq/contract';
import { tokenize } from '../../lib/text.js';
import type { PagePassage } from './retrieve.js';

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

const SENTENCE = /[^。！？!?；;\n]+[。！？!?；;]?/g;

/** The page's sentences, each the exact slice `text.slice(start, end)`. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const match of text.matchAll(SENTENCE)) {
    const raw = match[0];
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (Array.from(trimmed).length < 6) continue;
    const start = match.index + lead;
    out.push({ text: trimmed, start, end: start + trimmed.length });
  }
  return out;
}

const STOP = new Set(
  '的 了 是 在 有 和 与 及 或 等 吗 呢 多少 多大 什么 哪些 如何 怎么 行业 我 帮 请'.split(' '),
);

export function contentTokens(text: string): Set<string> {
  return new Set(tokenize(text).filter((t) => !STOP.has(t)));
}

/** Prose, not a heading or a table-of-contents line (一、储能行业概述 / 二、市场规模 …… 4). */
export function isProse(text: string): boolean {
  if (/(…|\.{3}|·{3})/.test(text)) return false;
  const chars = Array.from(text).length;
  return /[。！？!?；;]$/.test(text) ? chars >= 10 : chars >= 30;
}

/** Prose sentences of a page ranked by the question's words (longer words weigh more); ties keep page order. */
export function rankSentences(text: string, wanted: Set<string>): { sentence: Sentence; score: number }[] {
  return splitSentences(text)
    .filter((sentence) => isProse(sentence.text))
    .map((sentence, order) => {
      let score = 0;
      for (const token of contentTokens(sentence.text)) {
        if (wanted.has(token)) score += Math.min(Array.from(token).length, 4);
      }
      // Numbers make an answer: a sentence with figures beats one without at equal words.
      if (/\d/.test(sentence.text)) score += 0.5;
      return { sentence, score, order };
    })
    .filter((s) => s.score > 0.5)
    .sort((a, b) => b.score - a.score || a.order - b.order);
}

/** A quote block for a page: the given (else its best) sentence, and the next when short, verbatim. */
export function quoteFor(
  n: number,
  passage: PagePassage,
  wanted: Set<string>,
  maxChars = 160,
  chosen?: Sentence,
): Quote {
  const all = splitSentences(passage.text);
  const best = chosen ?? rankSentences(passage.text, wanted)[0]?.sentence ?? all[0];
  let text = passage.text.slice(0, maxChars).trim();
  if (best) {
    const next = all.find((s) => s.start >= best.end);
    const end = next && next.end - best.start <= maxChars && best.end - best.start < 40 ? next.end : best.end;
    text = passage.text.slice(best.start, end);
  }
  return { n, pid: passage.reportId, title: passage.title, pages: [passage.pageNo], text };
}

/** A window of the page around its best sentences, for a language model's source list. */
export function sourceWindow(passage: PagePassage, wanted: Set<string>, maxChars = 700): string {
  if (passage.text.length <= maxChars) return passage.text;
  const best = rankSentences(passage.text, wanted)[0]?.sentence;
  const start = best ? Math.max(0, Math.min(best.start - 150, passage.text.length - maxChars)) : 0;
  return passage.text.slice(start, start + maxChars);
}

/** `[n]` numbers an answer cites, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen: number[] = [];
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) {
    const n = Number(match[1]);
    if (!seen.includes(n)) seen.push(n);
  }
  return seen;
}
