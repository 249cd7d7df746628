/**
 * Markdown, plain text and CSV. Markdown and text are kept character for character (a quote
 * from them is the file's own text); headings and pipe tables are located in place. Long
 * files are cut into parts at blank lines. CSV becomes one table with its first row as header.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { PART_CHARS, PageBuilder, partLabel } from './page-builder.js';
import { decodeText } from './sniff.js';
import {
  type ParsedDocument,
  type ParsedHeading,
  type ParsedPage,
  type ParsedTable,
  ParseError,
} from './types.js';

const CN_NUMBER = '一二三四五六七八九十百零〇两';

/**
 * Headings as Chinese documents number them, for text without markup (plain text, PDF lines):
 * 第一章 / 第一部分 (1), 第一节 / 一、 (2), （一） / 1. / 1、 (3). Short lines only, and not
 * ending like a sentence, so a numbered list item is not taken for a heading.
 */
export function headingLevelOf(line: string): number | null {
  const text = line.trim();
  if (text.length < 2 || text.length > 40 || /[。；;，,：:！？!?]$/.test(text)) return null;
  if (new RegExp(`^第[${CN_NUMBER}\\d]+[章篇部]`).test(text)) return 1;
  if (new RegExp(`^第[${CN_NUMBER}\\d]+节`).test(text)) return 2;
  if (new RegExp(`^[${CN_NUMBER}]+[、．.]\\s*\\S`).test(text)) return 2;
  if (new RegExp(`^[（(][${CN_NUMBER}\\d]+[)）]\\s*\\S`).test(text)) return 3;
  if (/^\d{1,2}[、．]\s*\S/.test(text) || /^\d{1,2}\.\s*[^\d\s]/.test(text)) return 3;
  return null;
}

/** Headings found line by line with `levelOf`, offsets in `text`. */
export function findHeadings(text: string, levelOf: (line: string) => number | null): ParsedHeading[] {
  const headings: ParsedHeading[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const level = levelOf(line);
    if (level !== null) {
      const lead = line.length - line.trimStart().length;
      headings.push({ level, text: markdownHeadingText(line.trim()), start: at + lead });
    }
    at += line.length + 1;
  }
  return headings;
}

function markdownHeadingText(line: string): string {
  return line.replace(/^#{1,6}\s+/, '').replace(/\s+#+\s*$/, '');
}

/** Cuts text into parts of about PART_CHARS at blank lines (else line breaks), keeping every character. */
export function splitParts(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  while (text.length - from > PART_CHARS * 1.5) {
    const window = text.slice(from + PART_CHARS, from + PART_CHARS * 2);
    let cut = window.indexOf('\n\n');
    if (cut >= 0) cut += 2;
    else {
      cut = window.indexOf('\n');
      cut = cut >= 0 ? cut + 1 : window.length;
    }
    parts.push(text.slice(from, from + PART_CHARS + cut));
    from += PART_CHARS + cut;
  }
  parts.push(text.slice(from));
  return parts;
}

const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function splitRow(line: string): string[] {
  const cells = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/);
  return cells.map((value) => value.trim().replace(/\\\|/g, '|'));
}

/** Markdown pipe tables (header, rule, rows) located in the text, outside code fences. */
export function findMarkdownTables(text: string): ParsedTable[] {
  const lines = text.split('\n');
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  const tables: ParsedTable[] = [];
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) inFence = !inFence;
    if (inFence || !lines[i]!.includes('|') || !TABLE_RULE.test(lines[i + 1] ?? '')) continue;
    let last = i + 1;
    while (last + 1 < lines.length && lines[last + 1]!.includes('|') && lines[last + 1]!.trim()) last++;
    tables.push({
      header: splitRow(lines[i]!),
      rows: lines.slice(i + 2, last + 1).map(splitRow),
      start: starts[i]!,
      end: starts[last]! + lines[last]!.length,
    });
    i = last;
  }
  return tables;
}

function isMarkdownHeading(line: string): number | null {
  const match = /^ {0,3}(#{1,6})\s+\S/.exec(line);
  return match ? match[1]!.length : null;
}

function headingsOutsideFences(text: string): ParsedHeading[] {
  let inFence = false;
  return findHeadings(text, (line) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    return inFence ? null : isMarkdownHeading(line);
  });
}

function decodeOrRefuse(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) throw new ParseError('unsupported', '文本文件的编码无法识别，请另存为 UTF-8 后重新上传');
  return text.replace(/\r\n?/g, '\n');
}

function titleOf(pages: ParsedPage[], fallback: string): string {
  const heading = pages.flatMap((page) => page.headings ?? []).find((h) => h.level === 1);
  if (heading) return heading.text;
  const firstLine =
    pages[0]?.text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? '';
  return fallback || firstLine.slice(0, 60);
}

export function parseMarkdownOrText(
  bytes: Uint8Array,
  kind: 'md' | 'txt',
  fallbackTitle: string,
): ParsedDocument {
  const text = decodeOrRefuse(bytes);
  if (!text.trim()) throw new ParseError('no_text', '文件是空的，没有可读的文字');
  const parts = splitParts(text);
  const pages = parts.map((part, i) => {
    const builder = new PageBuilder();
    if (kind === 'md') builder.raw(part, headingsOutsideFences(part), findMarkdownTables(part));
    else builder.raw(part, findHeadings(part, headingLevelOf));
    return builder.build(i + 1, partLabel(i + 1, parts.length));
  });
  const title = kind === 'md' ? titleOf(pages, fallbackTitle) : fallbackTitle || titleOf(pages, '');
  return { kind, title, pages, pageCount: pages.length, warnings: [] };
}

function guessDelimiter(firstLine: string): string {
  const counts = [',', '\t', ';'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

export function parseCsvDocument(bytes: Uint8Array, fallbackTitle: string): ParsedDocument {
  const text = decodeOrRefuse(bytes);
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: guessDelimiter(text.slice(0, text.indexOf('\n') >>> 0)),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    throw new ParseError('corrupt', 'CSV 文件格式有误，无法解析', { cause: error });
  }
  const rows = records
    .map((record) => record.map((value) => value.trim()))
    .filter((record) => record.some(Boolean));
  if (rows.length === 0) throw new ParseError('no_text', '文件是空的，没有可读的文字');
  const builder = new PageBuilder();
  builder.table({ header: rows[0]!, rows: rows.slice(1) });
  const page = builder.build(1, '全文');
  return {
    kind: 'csv',
    title: fallbackTitle || rows[0]!.join(' '),
    pages: [page],
    pageCount: 1,
    warnings: [],
  };
}
