/**
 * File uploads on the wire (docs/decisions.md "通用文件上传"): a ticket for one file in 4 MB
 * slices (spec section 7 "Uploads"), each slice PUT to its own signed URL (this server on the
 * local store, the bucket on S3), the slices present (to resume), and the stored file.
 */
import { z } from './zod.js';

/** What a file is uploaded for; each purpose accepts its own kinds (server side). */
export const UPLOAD_PURPOSES = ['knowledge', 'bp', 'im'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Kinds recognised by their bytes: documents, and images for messaging. */
export const UPLOAD_KINDS = [
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'md',
  'txt',
  'csv',
  'jpg',
  'png',
  'webp',
  'gif',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const sha256 = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, '应为 64 位十六进制');

const ticketId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '格式不正确');

export const UploadStartBodySchema = z.object({
  purpose: z.enum(UPLOAD_PURPOSES),
  filename: z.string().trim().min(1, '请填写文件名').max(255),
  /** Bytes; 0 is refused with its own message. */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Optional: when given, the assembled file must hash to it. */
  sha256: sha256.optional(),
});
export type UploadStartBody = z.infer<typeof UploadStartBodySchema>;

export const UploadSliceSchema = z.object({
  index: z.number().int(),
  /** Bytes this slice must hold (the last one may be shorter). */
  size: z.number().int(),
  method: z.literal('PUT'),
  url: z.string(),
});

export const UploadTicketSchema = z.object({
  ticketId: z.string(),
  /** `local`: URLs on this server (send the session cookie); `presigned`: the bucket's URLs. */
  mode: z.enum(['local', 'presigned']),
  sliceSize: z.number().int(),
  sliceCount: z.number().int(),
  maxBytes: z.number().int(),
  /** ISO time after which the ticket and its slices are gone. */
  expiresAt: z.string(),
  slices: z.array(UploadSliceSchema),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const UploadTicketBodySchema = z.object({ ticketId });

export const UploadedFileSchema = z.object({
  id: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  filename: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  key: z.string(),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

export const UploadStatusSchema = z.object({
  ticketId: z.string(),
  /** open: slices may still come; assembling: being completed; completed; failed; expired. */
  state: z.enum(['open', 'assembling', 'completed', 'failed', 'expired']),
  sliceCount: z.number().int(),
  /** Indexes of the slices already stored. */
  received: z.array(z.number().int()),
  missing: z.array(z.number().int()),
  expiresAt: z.string(),
  file: UploadedFileSchema.nullable(),
  /** Why a failed upload failed. */
  error: z.string().nullable(),
});
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

export const UploadSliceReceiptSchema = z.object({
  index: z.number().int(),
  size: z.number().int(),
  received: z.number().int(),
});
