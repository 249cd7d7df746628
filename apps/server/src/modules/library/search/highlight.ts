/**
 * Highlights as ranges over plain text (contract: `[start, end)` in UTF-16 units), so the
 * web marks matches without ever rendering HTML from the server. Long texts are cut to a
 * snippet around the first match.
 */
import type { Highlight } from '@jq/contract';
import type { ParsedKeyword } from './parse-keyword.js';

const SNIPPET_CHARS = 90;

/** The words to mark for a keyword: the keyword, its words, recognised words, tokens; longest first. */
export function highlightTerms(parsed: ParsedKeyword): string[] {
  if (!parsed.text) return [];
  const terms = new Set<string>([parsed.text, ...parsed.text.split(' '), ...parsed.recognizedWords]);
  for (const word of parsed.rest.split(' ')) terms.add(word);
  for (const word of parsed.restWords) terms.add(word);
  return [...terms]
    .filter((t) => t.length >= 2 || /[\u3400-\u9fff]/.test(t))
    .sort((a, b) => b.length - a.length);
}

/** Matched ranges of the terms in a text, merged and sorted; case-insensitive. */
export function findRanges(text: string, terms: readonly string[]): [number, number][] {
  if (!text || terms.length === 0) return [];
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (!term) continue;
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length)) {
      ranges.push([at, at + term.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** A highlight of a short field (a name), or undefined when nothing matched. */
export function highlightField(text: string, terms: readonly string[]): Highlight | undefined {
  const ranges = findRanges(text, terms);
  return ranges.length ? { text, ranges } : undefined;
}

/** A snippet of a long text around its first match, with ranges relative to the snippet. */
export function highlightSnippet(text: string, terms: readonly string[]): Highlight | undefined {
  const ranges = findRanges(text, terms);
  const first = ranges[0];
  if (!first) return undefined;
  const start = Math.max(0, Math.min(first[0] - 20, text.length - SNIPPET_CHARS));
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = prefix.length - start;
  const inside = ranges
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]) => [s + shift, e + shift] as [number, number]);
  return { text: `${prefix}${text.slice(start, end)}${suffix}`, ranges: inside };
}

/** The first characters of a text, for a card without a match. */
export function summarize(text: string, chars = SNIPPET_CHARS): string {
  // Flattening a head long enough to give `chars` characters gives the same first characters.
  if (text.length > chars * 4) {
    const head = text
      .slice(0, chars * 4)
      .replace(/\s+/g, ' ')
      .trimStart();
    if (head.length > chars) return `${head.slice(0, chars)}…`;
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
}
