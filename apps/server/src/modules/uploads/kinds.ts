/**
 * What an uploaded file is, by its bytes: a document the parsing module recognises, or (for
 * messaging) a JPEG, PNG, WebP or GIF image. Each purpose accepts its own kinds; a file of
 * another kind is refused with a message naming what is accepted.
 */
import { Code, type UploadKind, type UploadPurpose } from '@jq/contract';
import { AppError } from '../../errors.js';
import { isEncryptedOfficeFile, sniffDocumentKind } from '../parsing/index.js';

export const CONTENT_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

const DOCUMENTS: UploadKind[] = ['pdf', 'docx', 'xlsx', 'pptx', 'md', 'txt', 'csv'];

export const PURPOSE_KINDS: Record<UploadPurpose, readonly UploadKind[]> = {
  knowledge: DOCUMENTS,
  bp: ['pdf', 'pptx', 'docx'],
  im: [...DOCUMENTS, 'jpg', 'png', 'webp', 'gif'],
};

const PURPOSE_HINTS: Record<UploadPurpose, string> = {
  knowledge: '知识库支持 PDF、Word（DOCX）、Excel（XLSX）、PPT（PPTX）、Markdown、TXT 与 CSV 文件',
  bp: '商业计划书支持 PDF、PPT（PPTX）与 Word（DOCX）文件',
  im: '支持文档（PDF、Word、Excel、PPT、Markdown、TXT、CSV）与 JPG、PNG、WebP、GIF 图片',
};

function sniffImage(bytes: Buffer): UploadKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (/^GIF8[79]a/.test(bytes.toString('latin1', 0, 6))) return 'gif';
  return null;
}

/** The kind by the bytes (images first: a PNG is never text), or null. */
export function sniffUploadKind(bytes: Buffer, filename?: string): UploadKind | null {
  return sniffImage(bytes) ?? sniffDocumentKind(bytes, filename);
}

/** The kind of an upload for the purpose, or the refusal a user can act on. */
export function acceptedKind(bytes: Buffer, filename: string, purpose: UploadPurpose): UploadKind {
  if (bytes.length === 0) throw new AppError(Code.BAD_REQUEST, '文件是空的，请重新选择文件');
  const kind = sniffUploadKind(bytes, filename);
  if (kind && PURPOSE_KINDS[purpose].includes(kind)) return kind;
  if (!kind && isEncryptedOfficeFile(bytes)) {
    throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, '文件已加密，请去除密码后重新上传');
  }
  throw new AppError(
    Code.UNSUPPORTED_MEDIA_TYPE,
    `不支持该文件类型（按文件内容判断${kind ? `为 ${kind.toUpperCase()}` : ''}）。${PURPOSE_HINTS[purpose]}`,
  );
}
