/**
 * Chunks for retrieval and citation. Text is cut at headings (always) and between sentences
 * (Chinese 。！？；… and their Western forms, line breaks), packed up to about `maxChars`;
 * a table stays whole with its header, and a long table becomes row groups that each repeat
 * the header as a `prefix`. Every chunk is an exact span of its page's text
 * (`text === prefix + page.text.slice(start, end)`), so a citation lands on the right place.
 */
import type { Chunk, ParsedDocument, ParsedHeading, ParsedPage, ParsedTable } from './types.js';

export const DEFAULT_CHUNK_CHARS = 500;
/** A table up to this many times maxChars stays in one chunk rather than being cut in two. */
const TABLE_SLACK = 1.5;

/** Ends of sentences (with closing quotes or brackets after them) and line breaks. */
const SENTENCE_END = /[。！？；!?;]+[」』”’）)\]》]*|…+[」』”’）)\]》]*|\.(?=\s)|\n/g;
/** Where an over-long sentence may be cut, best last. */
const SOFT_BREAK = /[，、,：:\s]/g;

interface Span {
  start: number;
  end: number;
}

interface HeadingState {
  stack: { level: number; text: string }[];
}

function enterHeading(state: HeadingState, heading: ParsedHeading) {
  while (state.stack.length && state.stack.at(-1)!.level >= heading.level) state.stack.pop();
  state.stack.push({ level: heading.level, text: heading.text });
}

/** Sentences of text[from, to), as spans; a sentence longer than max is cut at commas or spaces. */
function sentences(text: string, from: number, to: number, max: number): Span[] {
  const spans: Span[] = [];
  const region = text.slice(from, to);
  let at = 0;
  const push = (end: number) => {
    for (const piece of cutLong(region, at, end, max))
      spans.push({ start: from + piece.start, end: from + piece.end });
    at = end;
  };
  for (const match of region.matchAll(SENTENCE_END)) push(match.index + match[0].length);
  if (at < region.length) push(region.length);
  return spans;
}

function cutLong(text: string, start: number, end: number, max: number): Span[] {
  const pieces: Span[] = [];
  let at = start;
  while (end - at > max) {
    const window = text.slice(at, at + max);
    let cut = -1;
    for (const match of window.matchAll(SOFT_BREAK)) {
      if (match.index >= max / 2) cut = match.index + 1;
    }
    if (cut < 0) {
      cut = max;
      // Never between the halves of a surrogate pair.
      const code = text.charCodeAt(at + cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    pieces.push({ start: at, end: at + cut });
    at += cut;
  }
  if (end > at) pieces.push({ start: at, end });
  return pieces;
}

/** The span without its leading and trailing white space; null when nothing is left. */
function trimSpan(text: string, span: Span): Span | null {
  let { start, end } = span;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end > start ? { start, end } : null;
}

class Chunker {
  readonly chunks: Chunk[] = [];
  private readonly state: HeadingState = { stack: [] };

  constructor(private readonly max: number) {}

  private emit(page: ParsedPage, span: Span, isTable: boolean, prefix = '', path?: string[]) {
    const trimmed = prefix ? span : trimSpan(page.text, span);
    if (!trimmed) return;
    this.chunks.push({
      index: this.chunks.length,
      pageNo: page.no,
      pageLabel: page.label,
      headingPath: path ?? this.state.stack.map((h) => h.text),
      text: prefix + page.text.slice(trimmed.start, trimmed.end),
      start: trimmed.start,
      end: trimmed.end,
      isTable,
      prefix,
    });
  }

  page(page: ParsedPage) {
    const headings = [...(page.headings ?? [])].sort((a, b) => a.start - b.start);
    const tables = page.tables
      .filter((t): t is ParsedTable & Span => t.start !== undefined && t.end !== undefined && t.end > t.start)
      .sort((a, b) => a.start - b.start);
    let at = 0;
    for (const table of tables) {
      if (table.start < at) continue;
      this.text(page, at, table.start, headings);
      this.table(page, table);
      at = table.end;
    }
    this.text(page, at, page.text.length, headings);
  }

  /** Text between tables: a section per heading, sentences packed up to max. */
  private text(page: ParsedPage, from: number, to: number, headings: ParsedHeading[]) {
    const inside = headings.filter((h) => h.start >= from && h.start < to);
    const bounds = [...new Set([from, ...inside.map((h) => h.start), to])];
    const sections = bounds.slice(0, -1).map((start, i) => ({
      start,
      end: bounds[i + 1]!,
      heading: inside.find((h) => h.start === start),
    }));

    for (const section of sections) {
      if (section.heading) enterHeading(this.state, section.heading);
      let current: Span | null = null;
      for (const sentence of sentences(page.text, section.start, section.end, this.max)) {
        if (current && sentence.end - current.start > this.max) {
          this.emit(page, current, false);
          current = null;
        }
        current = current ? { start: current.start, end: sentence.end } : { ...sentence };
      }
      if (current) this.emit(page, current, false);
    }
  }

  /** A table whole, or row groups each repeating the header lines. */
  private table(page: ParsedPage, table: Span) {
    const body = page.text.slice(table.start, table.end);
    if (body.length <= this.max * TABLE_SLACK) {
      this.emit(page, table, true);
      return;
    }
    const lines = body.split('\n');
    const headerCount = lines.length > 1 && /^\|?\s*:?-{3,}/.test(lines[1]!) ? 2 : 1;
    const header = lines.slice(0, headerCount).join('\n');
    const path = this.state.stack.map((h) => h.text);
    let lineStart = table.start + header.length + 1;
    let group: Span | null = null;
    let first = true;
    const flush = () => {
      if (!group) return;
      if (first) this.emit(page, { start: table.start, end: group.end }, true, '', path);
      else this.emit(page, group, true, `${header}\n`, path);
      first = false;
      group = null;
    };
    for (const line of lines.slice(headerCount)) {
      const span = { start: lineStart, end: lineStart + line.length };
      lineStart = span.end + 1;
      const size = header.length + 1 + (group ? span.end - group.start : line.length);
      if (group && size > this.max) flush();
      group = group ? { start: group.start, end: span.end } : span;
    }
    flush();
  }
}

export function chunkDocument(doc: ParsedDocument, options: { maxChars?: number } = {}): Chunk[] {
  const chunker = new Chunker(Math.max(50, options.maxChars ?? DEFAULT_CHUNK_CHARS));
  for (const page of doc.pages) chunker.page(page);
  return chunker.chunks;
}
