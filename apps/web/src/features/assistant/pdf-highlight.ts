/**
 * Finds what to highlight among a PDF page's text items (pdf.js splits a page into runs, and
 * a passage spans several of them, with line breaks and spaces that the query does not have).
 * Whitespace and punctuation differences are ignored. Every place the whole query is on the
 * page is a hit (a searched word such as 储能 is in the running header and in the body);
 * when the whole query is nowhere (a quoted passage that runs onto the next page), its
 * longest leading part that is (at least 6 characters) is the one hit.
 */

const IGNORED = /[\s\u00a0\u3000]/u;
const MIN_MATCH = 6;

function normalizeChar(ch: string): string {
  // Full-width ASCII (ｌｉｋｅ this) to half-width, so a quote typed either way matches.
  const code = ch.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCharCode(code - 0xfee0).toLowerCase();
  return ch.toLowerCase();
}

/** The characters `start` (inclusive) to `end` (exclusive, UTF-16 offsets) of one text item. */
export interface HitSegment {
  item: number;
  start: number;
  end: number;
}

/** One place the query is on the page: its piece in each item it spans, in order. */
export type Hit = HitSegment[];

interface PageChars {
  /** One normalized code point per kept character. */
  chars: string[];
  item: number[];
  /** UTF-16 offset of the character in its item, and its UTF-16 length. */
  offset: number[];
  size: number[];
}

function readChars(items: readonly string[]): PageChars {
  const page: PageChars = { chars: [], item: [], offset: [], size: [] };
  items.forEach((text, index) => {
    let at = 0;
    for (const ch of text) {
      if (!IGNORED.test(ch)) {
        page.chars.push(normalizeChar(ch));
        page.item.push(index);
        page.offset.push(at);
        page.size.push(ch.length);
      }
      at += ch.length;
    }
  });
  return page;
}

function normalizeQuery(query: string): string[] {
  const text = [...query]
    .filter((ch) => !IGNORED.test(ch))
    .map(normalizeChar)
    .join('')
    .replace(/(…|\.\.\.)+$/u, '');
  return [...text];
}

/** The characters `from` to `from + count` of the page as per-item segments. */
function toSegments(page: PageChars, from: number, count: number): Hit {
  const hit: Hit = [];
  for (let i = from; i < from + count; i += 1) {
    const item = page.item[i]!;
    const start = page.offset[i]!;
    const end = start + page.size[i]!;
    const last = hit.at(-1);
    if (last && last.item === item) last.end = end;
    else hit.push({ item, start, end });
  }
  return hit;
}

function indexOfChars(text: string[], query: string[], from: number): number {
  outer: for (let at = from; at + query.length <= text.length; at += 1) {
    for (let k = 0; k < query.length; k += 1) if (text[at + k] !== query[k]) continue outer;
    return at;
  }
  return -1;
}

/** Every place the query is on the page; else the longest leading part of it; else none. */
export function findHits(items: readonly string[], query: string): Hit[] {
  const page = readChars(items);
  const wanted = normalizeQuery(query);
  if (wanted.length === 0 || page.chars.length === 0) return [];
  const hits: Hit[] = [];
  for (let at = indexOfChars(page.chars, wanted, 0); at !== -1; ) {
    hits.push(toSegments(page, at, wanted.length));
    at = indexOfChars(page.chars, wanted, at + wanted.length);
  }
  if (hits.length > 0) return hits;
  let length = wanted.length > 40 ? Math.floor(wanted.length * 0.75) : wanted.length - 4;
  for (; length >= Math.min(MIN_MATCH, wanted.length) && length > 0; ) {
    const at = indexOfChars(page.chars, wanted.slice(0, length), 0);
    if (at !== -1) return [toSegments(page, at, length)];
    length = length > 40 ? Math.floor(length * 0.75) : length - 4;
  }
  return [];
}

/** The indices of the items that hold the passage's first hit, in order; empty when it is not there. */
export function findPassage(items: readonly string[], passage: string): number[] {
  const [first] = findHits(items, passage);
  return first ? first.map((segment) => segment.item) : [];
}

/** Each item's highlighted ranges, sorted and merged, for the hits given. */
export function rangesByItem(hits: readonly Hit[]): Map<number, Array<[number, number]>> {
  const byItem = new Map<number, Array<[number, number]>>();
  for (const segment of hits.flat()) {
    const ranges = byItem.get(segment.item) ?? [];
    ranges.push([segment.start, segment.end]);
    byItem.set(segment.item, ranges);
  }
  for (const [item, ranges] of byItem) {
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: Array<[number, number]> = [];
    for (const range of ranges) {
      const last = merged.at(-1);
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
      else merged.push([range[0], range[1]]);
    }
    byItem.set(item, merged);
  }
  return byItem;
}
