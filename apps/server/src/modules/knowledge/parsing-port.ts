/** What the knowledge module uses of the parsing module (its public surface). */
export {
  type Chunk as DocumentChunk,
  chunkDocument,
  type DocumentKind,
  ParseError,
  parseDocument,
  sniffDocumentKind,
} from '../parsing/index.js';
