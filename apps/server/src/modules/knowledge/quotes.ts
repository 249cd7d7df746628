/**
 * Quotes that point at the right place: every quote's text is a slice of the cited page as
 * stored (`kb_pages.text.slice(start, end)`), taken from inside the cited chunk. Which
 * sentence: the one that shares the most words with what the answer said before that `[n]`
 * (so a quote shows the sentence the answer used), else with the question. Tables are quoted
 * whole up to a length, header first.
 */
import type { KbStoredQuote } from '../../db/schema.js';
import { tokenize } from '../../lib/text.js';
import type { ChunkHit } from './retrieve.js';

const SENTENCE = /[^。！？!?；;\n]+[。！？!?；;]?/g;
const MAX_QUOTE_CHARS = 240;

interface Span {
  start: number;
  end: number;
}

/** Sentences of `text` within [from, to), as exact offsets into `text`. */
export function sentencesIn(text: string, from: number, to: number): Span[] {
  const part = text.slice(from, to);
  const out: Span[] = [];
  for (const match of part.matchAll(SENTENCE)) {
    const raw = match[0];
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (Array.from(trimmed).length < 4) continue;
    const start = from + match.index + lead;
    out.push({ start, end: start + trimmed.length });
  }
  return out;
}

const words = (text: string) =>
  new Set(tokenize(text).filter((t) => Array.from(t).length > 1 || /\d/.test(t)));

/** What the answer wrote just before each `[n]` (the sentence it cites), joined per n. */
export function citedClaims(answer: string): Map<number, string> {
  const claims = new Map<number, string>();
  for (const match of answer.matchAll(/([^\n[\]]{0,200})\[(\d{1,3})\]/g)) {
    const n = Number(match[2]);
    claims.set(n, `${claims.get(n) ?? ''} ${match[1]}`);
  }
  return claims;
}

/** Where the chunk stands on the page as stored (its offsets, or where its text is found). */
function chunkSpan(page: string, hit: ChunkHit): Span {
  // A continued table's chunk text starts with its repeated header: the offsets still hold.
  const slice = page.slice(hit.start, hit.end);
  if (hit.end <= page.length && slice && hit.text.endsWith(slice)) return { start: hit.start, end: hit.end };
  const at = page.indexOf(hit.text);
  if (at >= 0) return { start: at, end: at + hit.text.length };
  return { start: 0, end: page.length };
}

export function quoteFor(
  n: number,
  hit: ChunkHit,
  page: string,
  claim: string,
  question: string,
): KbStoredQuote {
  const span = chunkSpan(page, hit);
  let best: Span | undefined;
  if (hit.isTable) {
    best = { start: span.start, end: Math.min(span.end, span.start + MAX_QUOTE_CHARS) };
  } else {
    const sentences = sentencesIn(page, span.start, span.end);
    const wantClaim = words(claim);
    const wantQuestion = words(question);
    let bestScore = -1;
    for (const s of sentences) {
      const have = words(page.slice(s.start, s.end));
      let score = 0;
      for (const w of wantClaim) if (have.has(w)) score += 2 * Math.min(Array.from(w).length, 4);
      for (const w of wantQuestion) if (have.has(w)) score += Math.min(Array.from(w).length, 4);
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    best ??= { start: span.start, end: Math.min(span.end, span.start + MAX_QUOTE_CHARS) };
    if (best.end - best.start > MAX_QUOTE_CHARS)
      best = { start: best.start, end: best.start + MAX_QUOTE_CHARS };
  }
  // Never cut a UTF-16 pair in half.
  let end = best.end;
  if (end < page.length && /[\uDC00-\uDFFF]/.test(page[end] ?? '')) end -= 1;
  return {
    n,
    pid: hit.fileId,
    title: hit.title,
    pages: [hit.pageNo],
    text: page.slice(best.start, end),
    pageLabel: hit.pageLabel,
  };
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
