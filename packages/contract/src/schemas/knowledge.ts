/**
 * The knowledge base on the wire (API.md "Knowledge base"): files and their parsing status,
 * previews of pages with a highlighted quote, conversations over chosen files or a
 * collection (streamed; quotes carry the file id as `pid`, its title, the pages and the
 * verbatim text), the public square and hot list, collections, and creator income.
 */

import { QuestionSchema } from './assistant.js';
import { PageQuerySchema, pageOf } from './common.js';
import { z } from './zod.js';

const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };
const id = (label: string) =>
  z.coerce
    .number({ error: `缺少${label}` })
    .int({ error: `${label}有误` })
    .positive({ error: `${label}有误` });

export const KB_KINDS = ['pdf', 'docx', 'xlsx', 'pptx', 'md', 'txt', 'csv'] as const;
export const KB_STATUSES = ['queued', 'parsing', 'indexing', 'ready', 'failed'] as const;
export type KbKind = (typeof KB_KINDS)[number];
export type KbStatus = (typeof KB_STATUSES)[number];
export const KB_STATUS_LABELS: Record<KbStatus, string> = {
  queued: '排队中',
  parsing: '解析中',
  indexing: '建立索引',
  ready: '可用',
  failed: '失败',
};
export const KB_KIND_LABELS: Record<KbKind, string> = {
  pdf: 'PDF',
  docx: 'Word',
  xlsx: 'Excel',
  pptx: 'PPT',
  md: 'Markdown',
  txt: '文本',
  csv: 'CSV',
};
/** How the caller may read a file: all of it, or only the first pages. */
export const KB_ACCESS = ['owner', 'saved', 'unlocked', 'group', 'platform', 'preview'] as const;
export type KbAccess = (typeof KB_ACCESS)[number];

const VisibilitySchema = z.enum(['private', 'public'], { error: '公开范围只能是 private 或 public' });
const TitleSchema = z
  .string()
  .trim()
  .min(1, { error: '标题不能为空' })
  .max(200, { error: '标题不能超过 200 字' });
const DescriptionSchema = z.string().trim().max(2000, { error: '简介不能超过 2000 字' });

export const KbFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  filename: z.string(),
  kind: z.enum(KB_KINDS),
  size: z.number().int(),
  status: z.enum(KB_STATUSES),
  /** 0..100. */
  progress: z.number().int(),
  /** In Chinese, when failed. */
  failReason: z.string(),
  pageCount: z.number().int(),
  chunkCount: z.number().int(),
  warnings: z.array(z.string()),
  visibility: VisibilitySchema,
  /** Credits to unlock the whole file (0: saving it is enough). */
  price: z.number().int(),
  /** Owner's display name; 金桥研究院 for the platform's files. */
  ownerName: z.string(),
  isMine: z.boolean(),
  /** A copy saved from the square (its content is the original's). */
  isSaved: z.boolean(),
  /** The file whose content this is (its own id unless saved). */
  contentId: z.number().int(),
  access: z.enum(KB_ACCESS),
  /** Pages the caller may read without saving or unlocking (all when not `preview`). */
  previewPages: z.number().int(),
  isDemo: z.boolean(),
  stats: z.object({ views: z.number().int(), saves: z.number().int(), cites: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KbFile = z.infer<typeof KbFileSchema>;
export const KbFilePageSchema = pageOf(KbFileSchema);

export const KbCreateRequestSchema = z.object({
  ...compat,
  /** What `POST /api/upload/complete` answered. */
  uploadId: z.string({ error: '缺少上传编号' }).trim().min(1, { error: '缺少上传编号' }).max(64),
  fileTitle: TitleSchema.optional(),
  summary: DescriptionSchema.optional(),
  /** Also add the file to this collection of one's own. */
  collectionId: id('合集编号').optional(),
});
export const KbCreatedSchema = z.object({
  file: KbFileSchema,
  /** The same bytes were already in the caller's base: that file is answered, nothing new is made. */
  isDuplicate: z.boolean(),
});

export const KbStatusRequestSchema = z
  .object({
    ...compat,
    id: id('文件编号').optional(),
    ids: z.array(id('文件编号')).max(100, { error: '一次最多查询 100 个文件' }).optional(),
  })
  .refine((v) => v.id !== undefined || (v.ids?.length ?? 0) > 0, { error: '请提供文件编号', path: ['ids'] });
export const KbStatusItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(KB_STATUSES),
  progress: z.number().int(),
  failReason: z.string(),
  pageCount: z.number().int(),
  chunkCount: z.number().int(),
  updatedAt: z.string(),
});
export const KbStatusListSchema = z.object({ list: z.array(KbStatusItemSchema) });

export const KbHistoryRequestSchema = PageQuerySchema.extend({
  ...compat,
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(KB_STATUSES).optional(),
});

export const KbIdRequestSchema = z.object({ ...compat, id: id('文件编号') });
export const KbDeletedSchema = z.object({ id: z.number().int(), isDeleted: z.boolean() });

export const KbUpdateRequestSchema = z.object({
  ...compat,
  id: id('文件编号'),
  fileTitle: TitleSchema.optional(),
  summary: DescriptionSchema.optional(),
  visibility: VisibilitySchema.optional(),
  price: z.coerce
    .number({ error: '价格须为整数算力' })
    .int({ error: '价格须为整数算力' })
    .min(0, { error: '价格不能为负数' })
    .max(10_000, { error: '价格不能超过 10000 算力' })
    .optional(),
  /** Parse and index the file again (same id; citations stay valid). */
  reindex: z.boolean().optional(),
});

// ---- Preview ----
export const KbPreviewRequestSchema = z.object({
  ...compat,
  id: id('文件编号'),
  /** Open at this page (1-based). */
  page: z.coerce.number().int().min(1).optional(),
  /** A quote to highlight on that page. */
  q: z.string().max(2000).optional(),
  /** `chunks` lists the retrieval chunks instead of whole pages. */
  view: z.enum(['pages', 'chunks']).default('pages'),
});
export const KbPreviewPageSchema = z.object({
  no: z.number().int(),
  label: z.string(),
  text: z.string(),
  isScanned: z.boolean(),
});
export const KbPreviewChunkSchema = z.object({
  index: z.number().int(),
  pageNo: z.number().int(),
  pageLabel: z.string(),
  headingPath: z.string(),
  text: z.string(),
  isTable: z.boolean(),
});
export const KbPreviewSchema = z.object({
  file: KbFileSchema,
  pages: z.array(KbPreviewPageSchema),
  chunks: z.array(KbPreviewChunkSchema),
  totalPages: z.number().int(),
  /** Only the first pages are shown: save or unlock the file for the rest. */
  isPartial: z.boolean(),
  /** Where the quote stands: `pages[].text.slice(start, end)` on page `pageNo`. */
  highlight: z
    .object({ pageNo: z.number().int(), start: z.number().int(), end: z.number().int() })
    .nullable(),
  /** The original PDF for the PDF viewer (whole files only; null for other kinds and previews). */
  originalUrl: z.string().nullable(),
});
export type KbPreview = z.infer<typeof KbPreviewSchema>;

// ---- Chat ----
export const KbQuoteSchema = z.object({
  n: z.number().int(),
  /** The file id. */
  pid: z.number().int(),
  title: z.string(),
  pages: z.array(z.number().int()),
  /** Verbatim slice of the cited page. */
  text: z.string(),
  pageLabel: z.string().optional(),
});
export type KbQuote = z.infer<typeof KbQuoteSchema>;

export const KbChatCreateRequestSchema = z
  .object({
    ...compat,
    fileIds: z.array(id('文件编号')).max(200, { error: '一次最多选择 200 个文件' }).optional(),
    collectionId: id('合集编号').optional(),
    fileTitle: z.string().trim().max(100).optional(),
  })
  .refine((v) => (v.fileIds?.length ?? 0) > 0 || v.collectionId !== undefined, {
    error: '请选择文件或合集',
    path: ['fileIds'],
  });
export const KbConversationSchema = z.object({
  chatuuid: z.string(),
  title: z.string(),
  fileIds: z.array(z.number().int()),
  collectionId: z.number().int().nullable(),
  files: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      kind: z.enum(KB_KINDS),
      status: z.enum(KB_STATUSES),
    }),
  ),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KbConversation = z.infer<typeof KbConversationSchema>;
export const KbMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  quotes: z.array(KbQuoteSchema),
  status: z.enum(['streaming', 'done', 'stopped', 'error']),
  engine: z.string(),
  /** Credits this answer cost (0: free). */
  credits: z.number().int(),
  createdAt: z.string(),
});
export type KbMessage = z.infer<typeof KbMessageSchema>;
export const KbConversationDetailSchema = z.object({
  conversation: KbConversationSchema,
  messages: z.array(KbMessageSchema),
  /** Credits an answer here costs when it cites other users' files (0: none of them is in scope). */
  answerPrice: z.number().int(),
});
export const KbChatTurnRequestSchema = z.object({
  ...compat,
  chatuuid: z.string({ error: '缺少会话编号' }).trim().min(1).max(64),
  question: QuestionSchema,
});
export const KbChatUuidRequestSchema = z.object({
  ...compat,
  chatuuid: z.string({ error: '缺少会话编号' }).trim().min(1).max(64),
});
export const KbChatHistoryRequestSchema = PageQuerySchema.extend({ ...compat });
export const KbConversationPageSchema = pageOf(KbConversationSchema);

// ---- Square, hot list ----
export const KbSquareRequestSchema = PageQuerySchema.extend({
  ...compat,
  keyword: z.string().trim().max(100).optional(),
  kind: z.enum(KB_KINDS).optional(),
  sort: z.enum(['new', 'hot']).default('new'),
});
export const KbHotRequestSchema = z.object({
  ...compat,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((n) => Math.min(n, 50)),
});
export const KbHotItemSchema = KbFileSchema.extend({
  /** Views + 3 × saves + 5 × citations in the last 7 days. */
  score: z.number().int(),
  week: z.object({ views: z.number().int(), saves: z.number().int(), cites: z.number().int() }),
});
export const KbHotListSchema = z.object({ list: z.array(KbHotItemSchema) });

// ---- Collections ----
export const KbCollectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  visibility: VisibilitySchema,
  fileCount: z.number().int(),
  ownerName: z.string(),
  isMine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KbCollection = z.infer<typeof KbCollectionSchema>;
export const KbCollectionPageSchema = pageOf(KbCollectionSchema);
export const KbCollectionDetailSchema = z.object({
  collection: KbCollectionSchema,
  /** The files the caller may see (others' private files are left out). */
  files: z.array(KbFileSchema),
});
export const KbCollectionIdRequestSchema = z.object({ ...compat, id: id('合集编号') });
export const KbCollectionsRequestSchema = PageQuerySchema.extend({
  ...compat,
  /** Signed in: one's own collections; otherwise the public ones. */
  mine: z.boolean().optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const KbSaveCollectionRequestSchema = z.object({
  ...compat,
  /** Update this collection of one's own; absent: create one. */
  id: id('合集编号').optional(),
  collectionName: z
    .string({ error: '请填写合集名称' })
    .trim()
    .min(1, { error: '合集名称不能为空' })
    .max(100, { error: '合集名称不能超过 100 字' }),
  summary: DescriptionSchema.optional(),
  visibility: VisibilitySchema.optional(),
  fileIds: z.array(id('文件编号')).max(200, { error: '一个合集最多 200 个文件' }).optional(),
});
export const KbCollectionDeletedSchema = z.object({ id: z.number().int(), isDeleted: z.boolean() });

// ---- Income ----
export const KbIncomeRequestSchema = z.object({
  ...compat,
  /** Days back from today (Beijing time), default 30. */
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export const KbIncomeSchema = z.object({
  total: z.number().int(),
  /** Within `days`. */
  recent: z.number().int(),
  answers: z.number().int(),
  byFile: z.array(
    z.object({
      fileId: z.number().int(),
      title: z.string(),
      credits: z.number().int(),
      answers: z.number().int(),
    }),
  ),
  byDay: z.array(z.object({ day: z.string(), credits: z.number().int(), answers: z.number().int() })),
  /** The share of a paid answer's price that goes to the cited files' owners, per mille. */
  sharePermille: z.number().int(),
  answerPrice: z.number().int(),
});
export type KbIncome = z.infer<typeof KbIncomeSchema>;

export const KbUnlockedSchema = z.object({
  file: KbFileSchema,
  /** Credits taken now (0 when it was already unlocked, saved or one's own). */
  charged: z.number().int(),
  power: z.number().int(),
});

export const KbGroupFilesRequestSchema = PageQuerySchema.extend({
  ...compat,
  groupId: id('群编号'),
});
