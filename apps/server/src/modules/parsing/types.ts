/**
 * What a parsed document is: pages (PDF pages, slides, sheets, or parts of a text document)
 * holding plain text with tables and headings located in it by offset, so that a chunk, a
 * quote or a highlight can always point back at the exact characters it came from.
 * Offsets are JavaScript string indices (UTF-16 code units) into `ParsedPage.text`.
 */
import type { OcrPort } from '../../platform/ocr/index.js';

export type DocumentKind = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'md' | 'txt' | 'csv';

export const DOCUMENT_KINDS: readonly DocumentKind[] = ['pdf', 'docx', 'xlsx', 'pptx', 'md', 'txt', 'csv'];

export interface ParsedTable {
  header: string[];
  rows: string[][];
  caption?: string;
  /** Where the table's rendering (`| a | b |` lines, header first) sits in the page text. */
  start?: number;
  end?: number;
}

export interface ParsedHeading {
  /** 1 for a title or chapter, deeper numbers for sub-sections. */
  level: number;
  text: string;
  /** Offset of the heading's line in the page text. */
  start: number;
}

export interface ParsedPage {
  /** 1-based, in document order. */
  no: number;
  /** How a reader names the place: '第 3 页', '第 2 张幻灯片', '工作表「收入」', '第 2 部分', '全文'. */
  label: string;
  text: string;
  tables: ParsedTable[];
  /** Headings found on the page, in order (none for PDFs without recognisable headings). */
  headings?: ParsedHeading[];
  /** The page had no text layer: its text, if any, was read by OCR. */
  isScanned?: boolean;
}

export interface ParsedDocument {
  kind: DocumentKind;
  title: string;
  pages: ParsedPage[];
  pageCount: number;
  /** Things a reader should know (pages read by OCR, pages left empty, sheets cut short), in Chinese. */
  warnings: string[];
}

export interface Chunk {
  /** 0-based, in document order. */
  index: number;
  pageNo: number;
  pageLabel: string;
  /** Headings above the chunk, outermost first (they carry over from earlier pages). */
  headingPath: string[];
  /**
   * What to index, embed and show: `prefix + page.text.slice(start, end)`. The prefix is empty
   * except for the second and later row groups of a long table, where it repeats the table's
   * header lines so each group reads on its own.
   */
  text: string;
  start: number;
  end: number;
  isTable: boolean;
  /** The repeated table header of a continued row group ('' otherwise). */
  prefix: string;
}

export type ParseErrorReason =
  | 'encrypted'
  | 'no_text'
  | 'unsupported'
  | 'too_large'
  | 'corrupt'
  | 'too_many_pages';

const REASON_MESSAGES: Record<ParseErrorReason, string> = {
  encrypted: '文件已加密，请去除密码后重新上传',
  no_text: '文件中没有可识别的文字（可能是扫描件或纯图片）',
  unsupported:
    '不支持的文件类型，请上传 PDF、Word（DOCX）、Excel（XLSX）、PPT（PPTX）、Markdown、TXT 或 CSV 文件',
  too_large: '文件内容过大，无法解析',
  corrupt: '文件已损坏或格式不正确，无法解析',
  too_many_pages: '文件页数过多，无法解析',
};

/** Why a document cannot be parsed; the message is shown to the user as it is. */
export class ParseError extends Error {
  override name = 'ParseError';
  readonly reason: ParseErrorReason;

  constructor(reason: ParseErrorReason, message?: string, options?: { cause?: unknown }) {
    super(message ?? REASON_MESSAGES[reason], options);
    this.reason = reason;
  }
}

export interface ParseOptions {
  kind: DocumentKind;
  /** Reads pages that have no text layer; without it such pages are marked `isScanned` and left empty. */
  ocr?: OcrPort;
  signal?: AbortSignal;
  /** Called after each page (sheet, slide) with pages done and the total. */
  onProgress?: (done: number, total: number) => void;
  /** More pages than this is refused with `too_many_pages` (default DEFAULT_MAX_PAGES). */
  maxPages?: number;
  /** The file's name, for the title when the document names none. */
  filename?: string;
}

/** Pages (slides, sheets) a document may have unless the caller says otherwise. */
export const DEFAULT_MAX_PAGES = 1000;
/** Characters of text a document may yield in all: far beyond any real plan or report. */
export const MAX_TEXT_CHARS = 20_000_000;
