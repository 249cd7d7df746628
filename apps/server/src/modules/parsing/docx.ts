/**
 * Word documents through mammoth's HTML, not its markdown or raw text, because only the HTML
 * keeps tables as rows and cells. Headings (Word's built-in styles and Chinese-named ones)
 * become the heading path; tables become ParsedTables. The container is checked for a zip
 * bomb before mammoth unzips it, and images are skipped rather than inlined as data URIs.
 */
import { type Block, paginateBlocks } from './page-builder.js';
import {
  DEFAULT_MAX_PAGES,
  MAX_TEXT_CHARS,
  type ParsedDocument,
  ParseError,
  type ParseOptions,
} from './types.js';
import { checkZipBomb } from './zip.js';

const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='标题'] => h1:fresh",
  ...[1, 2, 3, 4, 5, 6].map((n) => `p[style-name='标题 ${n}'] => h${n}:fresh`),
];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

interface TableState {
  rows: { cells: string[]; isHead: boolean }[];
  cell: string | null;
  span: number;
}

/** mammoth's HTML (a small, regular vocabulary) as headings, paragraphs and tables. */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let text = '';
  let heading = 0;
  let tableDepth = 0;
  let table: TableState | null = null;
  let inHead = false;

  const flushText = () => {
    const value = text.replace(/[ \t]+/g, ' ').trim();
    text = '';
    if (!value) return;
    if (heading) blocks.push({ type: 'heading', level: heading, text: value });
    else blocks.push({ type: 'paragraph', text: value });
  };

  for (const match of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/gi)) {
    const [, closing, rawTag, attributes, content] = match;
    if (content !== undefined) {
      const value = decodeEntities(content);
      if (table && table.cell !== null) table.cell += value;
      else text += value;
      continue;
    }
    const tag = rawTag!.toLowerCase();
    const isOpen = !closing;
    if (tag === 'table') {
      if (isOpen && ++tableDepth === 1) {
        flushText();
        table = { rows: [], cell: null, span: 1 };
      } else if (!isOpen && --tableDepth === 0 && table) {
        blocks.push({ type: 'table', table: toTable(table) });
        table = null;
      }
      continue;
    }
    if (table && tableDepth > 1) {
      // A table inside a cell: its text joins the cell.
      if (table.cell !== null && /^(p|tr|li|br)$/.test(tag)) table.cell += ' ';
      continue;
    }
    if (table) {
      if (tag === 'thead') inHead = isOpen;
      else if (tag === 'tr' && isOpen) table.rows.push({ cells: [], isHead: inHead });
      else if ((tag === 'td' || tag === 'th') && isOpen) {
        table.cell = '';
        table.span = Number(/colspan="(\d+)"/.exec(attributes ?? '')?.[1] ?? 1);
        if (tag === 'th') table.rows.at(-1)!.isHead = true;
      } else if ((tag === 'td' || tag === 'th') && !isOpen && table.cell !== null) {
        const row = table.rows.at(-1) ?? { cells: [], isHead: false };
        row.cells.push(table.cell.replace(/\s+/g, ' ').trim());
        // A merged cell keeps its neighbours in their columns.
        for (let i = 1; i < Math.min(table.span, 50); i++) row.cells.push('');
        table.cell = null;
      } else if (table.cell !== null && (tag === 'p' || tag === 'br' || tag === 'li') && table.cell) {
        table.cell += ' ';
      }
      continue;
    }
    const level = /^h([1-6])$/.exec(tag);
    if (level) {
      flushText();
      heading = isOpen ? Number(level[1]) : 0;
    } else if (tag === 'p' || tag === 'li') {
      flushText();
      if (isOpen && tag === 'li') text = '• ';
    } else if (tag === 'br') text += '\n';
  }
  flushText();
  return blocks.filter((block) => block.type !== 'paragraph' || block.text !== '•');
}

function toTable(state: TableState) {
  const rows = state.rows.filter((row) => row.cells.some(Boolean));
  const headCount = Math.max(
    1,
    rows.findIndex((row) => !row.isHead),
  );
  const head = rows.slice(0, rows.every((row) => row.isHead) ? 1 : headCount);
  // Several header rows (a merged title row above the column names) read as one line of names.
  const width = Math.max(0, ...rows.map((row) => row.cells.length));
  const header = Array.from({ length: width }, (_, i) =>
    [...new Set(head.map((row) => row.cells[i] ?? '').filter(Boolean))].join(' '),
  );
  return { header, rows: rows.slice(head.length).map((row) => row.cells) };
}

export async function parseDocx(
  bytes: Uint8Array,
  options: ParseOptions,
  fallbackTitle: string,
): Promise<ParsedDocument> {
  checkZipBomb(bytes);
  options.signal?.throwIfAborted();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.convertToHtml(
    { buffer },
    {
      styleMap: STYLE_MAP,
      externalFileAccess: false,
      convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
    },
  );
  if (result.value.length > MAX_TEXT_CHARS) throw new ParseError('too_large');
  const blocks = htmlToBlocks(result.value);
  if (!blocks.length) throw new ParseError('no_text', '文档中没有可读的文字');
  const pages = paginateBlocks(blocks);
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (pages.length > maxPages) {
    throw new ParseError(
      'too_many_pages',
      `文档过长（${pages.length} 个部分），超过上限 ${maxPages}，请拆分后上传`,
    );
  }
  options.onProgress?.(pages.length, pages.length);
  const firstHeading = blocks.find((block) => block.type === 'heading' && block.level === 1);
  const title = (firstHeading?.type === 'heading' ? firstHeading.text : '') || fallbackTitle;
  return { kind: 'docx', title, pages, pageCount: pages.length, warnings: [] };
}
