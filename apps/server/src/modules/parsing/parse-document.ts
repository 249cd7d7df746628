/**
 * One entry for every kind: checks the kind against the bytes, hands over to the kind's
 * parser, and turns whatever a library throws into a ParseError with a Chinese reason, so a
 * caller (a parsing job) can store the reason and show it as it is.
 */
import { AppError } from '../../errors.js';
import { isEncryptedOfficeFile, sniffDocumentKind } from './sniff.js';
import { type DocumentKind, type ParsedDocument, ParseError, type ParseOptions } from './types.js';

type Parser = (bytes: Uint8Array, options: ParseOptions, title: string) => Promise<ParsedDocument>;

const PARSERS: Record<DocumentKind, Parser> = {
  pdf: async (bytes, options) => (await import('./pdf.js')).parsePdf(bytes, options),
  docx: async (bytes, options, title) => (await import('./docx.js')).parseDocx(bytes, options, title),
  xlsx: async (bytes, options, title) => (await import('./xlsx.js')).parseXlsx(bytes, options, title),
  pptx: async (bytes, options, title) => (await import('./pptx.js')).parsePptx(bytes, options, title),
  md: async (bytes, _options, title) => (await import('./text.js')).parseMarkdownOrText(bytes, 'md', title),
  txt: async (bytes, _options, title) => (await import('./text.js')).parseMarkdownOrText(bytes, 'txt', title),
  csv: async (bytes, _options, title) => (await import('./text.js')).parseCsvDocument(bytes, title),
};

const TEXT_KINDS = new Set<DocumentKind>(['md', 'txt', 'csv']);

export async function parseDocument(bytes: Uint8Array, options: ParseOptions): Promise<ParsedDocument> {
  options.signal?.throwIfAborted();
  if (bytes.byteLength === 0) throw new ParseError('no_text', '文件是空的，没有可读的文字');
  const sniffed = sniffDocumentKind(bytes, options.filename);
  // Text kinds differ only by name; anything else must be what its bytes say.
  const matches =
    sniffed === options.kind || (sniffed !== null && TEXT_KINDS.has(sniffed) && TEXT_KINDS.has(options.kind));
  if (!matches) {
    if (isEncryptedOfficeFile(bytes)) throw new ParseError('encrypted');
    throw new ParseError(
      'unsupported',
      sniffed ? `文件内容与类型不符（实际为 ${sniffed.toUpperCase()}）` : undefined,
    );
  }
  const title = options.filename?.trim().replace(/\.[^.]+$/, '') ?? '';
  try {
    const doc = await PARSERS[options.kind](bytes, options, title);
    options.signal?.throwIfAborted();
    return doc;
  } catch (error) {
    // An OCR port that is down is a failure to retry later, not a broken file.
    if (error instanceof ParseError || error instanceof AppError || options.signal?.aborted) throw error;
    throw new ParseError('corrupt', undefined, { cause: error });
  }
}
