/**
 * Highlights as ranges over plain text (contract: `[start, end)` in UTF-16 units), so the
 * web marks matches without ever rendering HTML from the server. Long texts are cut to a
 * snippet around the first match.
 */
import type { Highlight } from '@jq/contract';
import type { ParsedKeyword } from './parse-keyword.js';

const SNIPPET_CHARS = 90;
/** Characters of a snippet before its first match. */
const SNIPPET_LEAD = 20;

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

const caselessByTerms = new WeakMap<readonly string[], boolean[]>();

/**
 * Whether each term is caseless (no letter with a case, as Chinese words): such a term is
 * found in the text as it is, and the text is lowercased only for a term that needs it.
 * Worked out once per list: a search page highlights three fields of twenty cards with one.
 */
function caselessOf(terms: readonly string[]): boolean[] {
  let caseless = caselessByTerms.get(terms);
  if (!caseless) {
    caseless = terms.map((t) => t.toLowerCase() === t && t.toUpperCase() === t);
    caselessByTerms.set(terms, caseless);
  }
  return caseless;
}

/** Matched ranges of the terms in a text, merged and sorted; case-insensitive. */
export function findRanges(text: string, terms: readonly string[]): [number, number][] {
  if (!text || terms.length === 0) return [];
  const caseless = caselessOf(terms);
  let lower: string | undefined;
  const ranges: [number, number][] = [];
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    if (!term) continue;
    let haystack = text;
    if (!caseless[i]) {
      lower ??= text.toLowerCase();
      haystack = lower;
    }
    for (let at = haystack.indexOf(term); at >= 0; at = haystack.indexOf(term, at + term.length)) {
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

/** Where the first match of any term starts in a text (case-insensitive), or -1. */
function firstMatch(text: string, terms: readonly string[]): number {
  const caseless = caselessOf(terms);
  let lower: string | undefined;
  let first = -1;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    if (!term) continue;
    if (!caseless[i]) lower ??= text.toLowerCase();
    const at = (caseless[i] ? text : lower!).indexOf(term);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  return first;
}

/**
 * A snippet of a long text from shortly before its first match, with ranges relative to the
 * snippet: the ranges of the whole text that lie inside it. The match stays near the start
 * even when the text ends soon after it (the snippet is then shorter): a phone shows two
 * lines of a card's summary, about 40 characters. Only the snippet and a term's length
 * either side are searched (a description is 600 characters, a snippet 90): a match that
 * overlaps or touches one inside the snippet lies within that margin, so a merged range
 * that crosses the snippet's edge is still recognised as one, and left out as before.
 */
export function highlightSnippet(text: string, terms: readonly string[]): Highlight | undefined {
  if (!text || terms.length === 0) return undefined;
  const first = firstMatch(text, terms);
  if (first < 0) return undefined;
  const start = Math.max(0, first - SNIPPET_LEAD);
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  let margin = 0;
  for (const term of terms) margin = Math.max(margin, term.length);
  const from = Math.max(0, start - margin);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < text.length ? '…' : '';
  const shift = from - start + prefix.length;
  const inside: [number, number][] = [];
  for (const [s, e] of findRanges(text.slice(from, end + margin), terms)) {
    if (s + from >= start && e + from <= end) inside.push([s + shift, e + shift]);
  }
  return { text: `${prefix}${text.slice(start, end)}${suffix}`, ranges: inside };
}

/** What `\s` matches (and `trim` removes). */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The first characters of a text, each run of whitespace as one space, for a card without a
 * match. Only the head that gives them is flattened: a card needs `chars`, not the 600 kept.
 */
export function summarize(text: string, chars = SNIPPET_CHARS): string {
  let end = text.length;
  let kept = 0;
  let isInSpace = true;
  // Whether the head is flat already (no whitespace but single spaces between words), as
  // Chinese text mostly is: then it is only cut, without a pass of the regex.
  let isFlat = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      if (!isInSpace) kept++;
      if (isInSpace || c !== 32) isFlat = false;
      isInSpace = true;
    } else {
      kept++;
      isInSpace = false;
      // A character past the first `chars` of the flattened text: the rest changes nothing.
      if (kept > chars) {
        end = i + 1;
        break;
      }
    }
  }
  const flat =
    isFlat && !(isInSpace && end > 0) ? text.slice(0, end) : text.slice(0, end).replace(/\s+/g, ' ').trim();
  return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
}
