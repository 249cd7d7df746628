/**
 * Builds page text block by block (paragraphs, headings, tables) and remembers where each
 * heading and table landed, so the chunker can keep a table whole and a quote can be found
 * again at its offset. Flowing documents (DOCX, Markdown, text) have no pages of their own;
 * they are cut into parts of about PART_CHARS at block boundaries, a level-1 heading
 * preferring to open a new part, so a preview can show the beginning without the whole.
 */
import type { ParsedHeading, ParsedPage, ParsedTable } from './types.js';

export const PART_CHARS = 4000;
/** A level-1 heading starts a new part once the current one holds at least this much. */
const HEADING_BREAK_CHARS = 1000;

/** One table as text lines: `| a | b |`, a `| --- |` rule, then the rows. */
export function renderTable(table: Pick<ParsedTable, 'header' | 'rows'>): string {
  const width = Math.max(table.header.length, ...table.rows.map((row) => row.length), 1);
  const line = (cells: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cell(cells[i] ?? '')).join(' | ')} |`;
  const rule = `| ${Array.from({ length: width }, () => '---').join(' | ')} |`;
  return [line(table.header), rule, ...table.rows.map(line)].join('\n');
}

/** A cell on one line, its pipes escaped, so rows stay one line each. */
function cell(value: string): string {
  return value
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

export class PageBuilder {
  private text = '';
  private headings: ParsedHeading[] = [];
  private tables: ParsedTable[] = [];

  get length(): number {
    return this.text.length;
  }

  private open(): number {
    if (this.text.length > 0) this.text += '\n\n';
    return this.text.length;
  }

  paragraph(value: string): void {
    const trimmed = value.trim();
    if (!trimmed) return;
    this.open();
    this.text += trimmed;
  }

  heading(level: number, value: string): void {
    const trimmed = value.replace(/\s+/g, ' ').trim();
    if (!trimmed) return;
    const start = this.open();
    this.text += trimmed;
    this.headings.push({ level, text: trimmed, start });
  }

  table(table: ParsedTable): void {
    if (table.header.length === 0 && table.rows.length === 0) return;
    if (table.caption) this.paragraph(table.caption);
    const start = this.open();
    this.text += renderTable(table);
    this.tables.push({ ...table, start, end: this.text.length });
  }

  /** Raw text already laid out (a plain-text file): kept character for character. */
  raw(value: string, headings: ParsedHeading[] = [], tables: ParsedTable[] = []): void {
    const offset = this.text.length;
    this.text += value;
    for (const heading of headings) this.headings.push({ ...heading, start: heading.start + offset });
    for (const table of tables) {
      this.tables.push({ ...table, start: (table.start ?? 0) + offset, end: (table.end ?? 0) + offset });
    }
  }

  build(no: number, label: string): ParsedPage {
    const page: ParsedPage = { no, label, text: this.text, tables: this.tables };
    if (this.headings.length) page.headings = this.headings;
    return page;
  }
}

export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'table'; table: ParsedTable };

/** Lays a flowing document's blocks out as parts ('全文' when one part holds it all). */
export function paginateBlocks(blocks: Block[]): ParsedPage[] {
  const parts: PageBuilder[] = [];
  let current = new PageBuilder();
  for (const block of blocks) {
    const breakHere =
      current.length >= PART_CHARS ||
      (block.type === 'heading' && block.level === 1 && current.length >= HEADING_BREAK_CHARS);
    if (breakHere && current.length > 0) {
      parts.push(current);
      current = new PageBuilder();
    }
    if (block.type === 'heading') current.heading(block.level, block.text);
    else if (block.type === 'paragraph') current.paragraph(block.text);
    else current.table(block.table);
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts.map((part, i) => part.build(i + 1, partLabel(i + 1, parts.length)));
}

export function partLabel(no: number, total: number): string {
  return total === 1 ? '全文' : `第 ${no} 部分`;
}
