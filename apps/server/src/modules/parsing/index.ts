/**
 * The parsing module: an uploaded document (PDF, DOCX, XLSX, PPTX, Markdown, text, CSV) as
 * pages and chunks, for the knowledge base, teasers and business-plan analysis. No rows of
 * its own; callers run it inside their jobs. Kinds are recognised by their bytes.
 *
 * Contract for callers:
 * - `parseDocument` throws ParseError (reason + Chinese message to show as is) for a file
 *   that cannot be read; an aborted signal rejects with the signal's reason; an OCR port that
 *   is down throws its AppError (retry later).
 * - `chunkDocument` chunks are exact spans: `chunk.text === chunk.prefix + page.text.slice(start, end)`
 *   (offsets in UTF-16 code units); `prefix` is '' except for the repeated header of a long
 *   table's later row groups.
 */
import { defineModule } from '../../http/index.js';

export { chunkDocument, DEFAULT_CHUNK_CHARS } from './chunk.js';
export { parseDocument } from './parse-document.js';
export { decodeText, isEncryptedOfficeFile, sniffDocumentKind } from './sniff.js';
export {
  type Chunk,
  DEFAULT_MAX_PAGES,
  DOCUMENT_KINDS,
  type DocumentKind,
  type ParsedDocument,
  type ParsedHeading,
  type ParsedPage,
  type ParsedTable,
  ParseError,
  type ParseErrorReason,
  type ParseOptions,
} from './types.js';

export const parsingModule = defineModule({
  name: 'parsing',
  setup: () => ({}),
});
