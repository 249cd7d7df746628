/**
 * Messaging on the wire (API.md "Messaging"): private chats and groups, messages with a
 * per-conversation `seq`, read positions, the group square, join applications and invite
 * links, and the WebSocket frames of /api/im/ws (docs/im.md describes the protocol).
 *
 * Ids: a conversation is `id` (a number), a person is their public `uguid`, a message has
 * its own `id` and its place `seq` in the conversation. Unread = lastSeq − readSeq.
 */

import {
  CONVERSATION_KINDS,
  IM_LIMITS,
  MEMBER_ROLES,
  MESSAGE_KINDS,
  REPORT_REASONS,
  SENDABLE_KINDS,
} from '../im-constants.js';
import { PageQuerySchema, pageOf } from './common.js';
import { z } from './zod.js';

/** Accepted for compatibility (API.md); the access layer checks `uguid` against the session. */
const compat = { clientid: z.string().max(64).optional() };

const ConvIdSchema = z.coerce.number({ error: '缺少会话编号' }).int().positive({ error: '会话编号有误' });
const SeqSchema = z.coerce.number().int().min(0);
const UguidSchema = z.string({ error: '缺少用户' }).trim().min(1).max(64);
/** The client's own id of a message it sends: a retry with the same id is not a second message. */
export const ClientMsgIdSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w-]*$/, { error: '消息标识只能包含字母、数字、下划线与短横线' });

export const ImPersonSchema = z.object({ uguid: z.string(), name: z.string(), avatar: z.string() });
export type ImPerson = z.infer<typeof ImPersonSchema>;

/** An uploaded file's id (the uploads module's). */
export const UploadIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '文件编号格式不正确' });

export const ImFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  isImage: z.boolean(),
  /** Where a member downloads (files) or shows (images) it. */
  url: z.string(),
});
export type ImFile = z.infer<typeof ImFileSchema>;

export const ImMessageSchema = z.object({
  id: z.number().int(),
  conv: z.number().int(),
  seq: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  /** Null on system lines. */
  sender: ImPersonSchema.nullable(),
  /** The text; a file's name on file messages; the line itself on system messages. */
  text: z.string(),
  file: ImFileSchema.nullable(),
  /** The sender's client id of the message ('' when none was given). */
  cid: z.string(),
  at: z.string(),
});
export type ImMessage = z.infer<typeof ImMessageSchema>;

export const ImConversationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSATION_KINDS),
  /** The group's name, or the other person's name in a private chat. */
  name: z.string(),
  avatar: z.string(),
  /** The other person of a private chat. */
  peer: ImPersonSchema.nullable(),
  lastSeq: z.number().int(),
  readSeq: z.number().int(),
  unread: z.number().int(),
  /** How far the other person has read (private chats: read receipts); 0 in groups. */
  peerReadSeq: z.number().int(),
  lastMessage: ImMessageSchema.nullable(),
  role: z.enum(MEMBER_ROLES),
  memberCount: z.number().int(),
  /** No notification for new messages (the member's own setting). */
  isNotifyOff: z.boolean(),
  /** Muted by the group's owner or an admin until then. */
  mutedUntil: z.string().nullable(),
  /** Private chats: I have blocked the other person. */
  isBlocked: z.boolean(),
  /** Groups: listed on the square; joining needs the owner's approval. */
  isPublic: z.boolean(),
  needApproval: z.boolean(),
  intro: z.string(),
  updatedAt: z.string(),
});
export type ImConversation = z.infer<typeof ImConversationSchema>;

export const ImConversationListSchema = pageOf(ImConversationSchema).extend({
  /** Unread messages over all the user's conversations (the header badge). */
  totalUnread: z.number().int(),
});
export type ImConversationList = z.infer<typeof ImConversationListSchema>;

export const ImGroupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  intro: z.string(),
  memberCount: z.number().int(),
  owner: ImPersonSchema.nullable(),
  isPublic: z.boolean(),
  needApproval: z.boolean(),
  /** Whether the caller is a member (false when signed out). */
  isMember: z.boolean(),
  createdAt: z.string(),
});
export type ImGroupSummary = z.infer<typeof ImGroupSummarySchema>;

export const ImMemberSchema = ImPersonSchema.extend({
  role: z.enum(MEMBER_ROLES),
  joinedAt: z.string(),
  mutedUntil: z.string().nullable(),
});
export type ImMember = z.infer<typeof ImMemberSchema>;

// ---- Requests and answers of the HTTP rows ----

export const ImConversationsBodySchema = PageQuerySchema.extend(compat);
export const ImConvBodySchema = z.object({ id: ConvIdSchema, ...compat });

export const ImMessagesBodySchema = z.object({
  id: ConvIdSchema,
  /** Older than this seq (history paging backwards); the newest page when absent. */
  beforeSeq: SeqSchema.optional(),
  /** Newer than this seq (catching up forwards). */
  afterSeq: SeqSchema.optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .transform((n) => Math.min(n, IM_LIMITS.replayPerConversation)),
  ...compat,
});
export const ImMessagePageSchema = z.object({
  list: z.array(ImMessageSchema),
  /** More messages lie beyond the page in the direction asked. */
  hasMore: z.boolean(),
  lastSeq: z.number().int(),
  readSeq: z.number().int(),
  peerReadSeq: z.number().int(),
});
export type ImMessagePage = z.infer<typeof ImMessagePageSchema>;

const TextSchema = z
  .string()
  .max(IM_LIMITS.textMaxChars * 2)
  .optional()
  .transform((text) => (text ?? '').trim());

/** A message to send: text, or an uploaded image or file (`fileId`). */
export const ImSendInputSchema = z
  .object({
    id: ConvIdSchema,
    kind: z.enum(SENDABLE_KINDS).default('text'),
    text: TextSchema,
    fileId: UploadIdSchema.optional(),
    cid: ClientMsgIdSchema.default(''),
    ...compat,
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'text') {
      if (!input.text) ctx.addIssue({ code: 'custom', path: ['text'], message: '不能发送空消息' });
      else if ([...input.text].length > IM_LIMITS.textMaxChars)
        ctx.addIssue({ code: 'custom', path: ['text'], message: `不能超过 ${IM_LIMITS.textMaxChars} 字` });
    } else if (!input.fileId) {
      ctx.addIssue({ code: 'custom', path: ['fileId'], message: '请先上传文件' });
    }
  });
export type ImSendInput = z.infer<typeof ImSendInputSchema>;

export const ImReadBodySchema = z.object({ id: ConvIdSchema, seq: SeqSchema, ...compat });
export const ImReadResultSchema = z.object({
  readSeq: z.number().int(),
  unread: z.number().int(),
  totalUnread: z.number().int(),
});
export type ImReadResult = z.infer<typeof ImReadResultSchema>;

export const ImSearchBodySchema = PageQuerySchema.extend({
  id: ConvIdSchema,
  keyword: z
    .string({ error: '请输入关键词' })
    .trim()
    .min(1, { error: '请输入关键词' })
    .max(IM_LIMITS.searchKeywordMaxChars),
  ...compat,
});
export const ImMessageListSchema = pageOf(ImMessageSchema);

/**
 * A private chat with a person: by their uguid (`tuid`, as API.md names a user in a
 * request: a body's `uguid` is the caller's own), or the person behind a library record.
 */
export const ImPrivateBodySchema = z
  .object({
    tuid: UguidSchema.optional(),
    investorId: z.coerce.number().int().positive().optional(),
    projectId: z.coerce.number().int().positive().optional(),
    ...compat,
  })
  .refine((b) => [b.tuid, b.investorId, b.projectId].filter((v) => v !== undefined).length === 1, {
    message: '请指定一位私信对象',
    path: ['tuid'],
  });

export const ImCreateGroupBodySchema = z.object({
  name: z
    .string({ error: '请输入群名称' })
    .trim()
    .min(1, { error: '请输入群名称' })
    .max(IM_LIMITS.groupNameMaxChars, { error: `群名称不能超过 ${IM_LIMITS.groupNameMaxChars} 字` }),
  intro: z.string().trim().max(IM_LIMITS.groupIntroMaxChars).default(''),
  isPublic: z.boolean().default(true),
  needApproval: z.boolean().default(true),
  ...compat,
});

export const ImSquareBodySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(IM_LIMITS.searchKeywordMaxChars).default(''),
  ...compat,
});
export const ImGroupListSchema = pageOf(ImGroupSummarySchema);

/** A group by its id (from the square) or by an invite code (from /groupinvite?id=). */
const joinTarget = {
  id: z.coerce.number().int().positive().optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{6,32}$/, { error: '邀请码格式有误' })
    .optional(),
  ...compat,
};
const hasTarget = (b: { id?: number | undefined; code?: string | undefined }) =>
  b.id !== undefined || b.code !== undefined;
export const ImJoinTargetSchema = z
  .object(joinTarget)
  .refine(hasTarget, { message: '缺少群聊', path: ['id'] });
export const ImCheckJoinResultSchema = z.object({
  group: ImGroupSummarySchema,
  status: z.enum(['member', 'pending', 'none']),
  /** Joining needs no approval: a valid invite code, or a group that asks none. */
  canJoinDirectly: z.boolean(),
});
export type ImCheckJoinResult = z.infer<typeof ImCheckJoinResultSchema>;
export const ImApplyJoinBodySchema = z
  .object({ ...joinTarget, message: z.string().trim().max(IM_LIMITS.applyMessageMaxChars).default('') })
  .refine(hasTarget, { message: '缺少群聊', path: ['id'] });
export const ImApplyJoinResultSchema = z.object({
  status: z.enum(['joined', 'pending']),
  id: z.number().int(),
});

export const ImMemberBodySchema = PageQuerySchema.extend({ id: ConvIdSchema, ...compat });
export const ImMemberListSchema = pageOf(ImMemberSchema).extend({ myRole: z.enum(MEMBER_ROLES) });

export const ImInviteSchema = z.object({ code: z.string(), path: z.string(), expiresAt: z.string() });

export const ImApplicationSchema = z.object({
  id: z.number().int(),
  group: z.object({ id: z.number().int(), name: z.string() }),
  user: ImPersonSchema,
  message: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
});
export type ImApplication = z.infer<typeof ImApplicationSchema>;
export const ImApplicationsBodySchema = PageQuerySchema.extend({
  id: ConvIdSchema.optional(),
  ...compat,
});
export const ImApplicationListSchema = pageOf(ImApplicationSchema);
export const ImDecideBodySchema = z.object({
  id: z.coerce.number().int().positive(),
  approve: z.boolean(),
  ...compat,
});

export const ImMemberActionBodySchema = z.object({ id: ConvIdSchema, tuid: UguidSchema, ...compat });
export const ImMuteBodySchema = ImMemberActionBodySchema.extend({
  /** 0 lifts the mute. */
  minutes: z.coerce.number().int().min(0).max(IM_LIMITS.muteMaxMinutes),
});
export const ImRoleBodySchema = ImMemberActionBodySchema.extend({ isAdmin: z.boolean() });
export const ImNotifyBodySchema = z.object({ id: ConvIdSchema, isNotifyOff: z.boolean(), ...compat });
export const ImBlockBodySchema = z.object({ tuid: UguidSchema, isBlocked: z.boolean(), ...compat });
export const ImReportBodySchema = z.object({
  messageId: z.coerce.number().int().positive(),
  reason: z.enum(REPORT_REASONS, { error: '请选择举报原因' }),
  detail: z.string().trim().max(IM_LIMITS.reportDetailMaxChars).default(''),
  ...compat,
});

export const ImGroupFileSchema = z.object({
  messageId: z.number().int(),
  groupId: z.number().int(),
  file: ImFileSchema,
  sender: ImPersonSchema.nullable(),
  at: z.string(),
});
export type ImGroupFile = z.infer<typeof ImGroupFileSchema>;
export const ImGroupFileListSchema = pageOf(ImGroupFileSchema);

// ---- WebSocket frames (docs/im.md) ----

/** Frames a client sends. */
export const ImClientFrameSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('hello'),
    /** imUid and imSign of getuinfo, checked against the session when given. */
    uid: z.string().max(64).optional(),
    sign: z.string().max(128).optional(),
    /** The last seq the client holds, per conversation id: the server replays what follows. */
    convs: z.record(z.string().regex(/^\d{1,15}$/), z.number().int().min(0)).optional(),
  }),
  z.object({
    t: z.literal('send'),
    cid: ClientMsgIdSchema,
    conv: z.number().int().positive(),
    kind: z.enum(SENDABLE_KINDS).default('text'),
    text: z
      .string()
      .max(IM_LIMITS.textMaxChars * 2)
      .optional(),
    fileId: z.string().max(64).optional(),
  }),
  z.object({ t: z.literal('read'), conv: z.number().int().positive(), seq: z.number().int().min(0) }),
  z.object({ t: z.literal('typing'), conv: z.number().int().positive() }),
  z.object({
    t: z.literal('fetch'),
    conv: z.number().int().positive(),
    after: z.number().int().min(0),
    limit: z.number().int().min(1).max(IM_LIMITS.replayPerConversation).optional(),
  }),
  z.object({ t: z.literal('sync') }),
  z.object({ t: z.literal('ping') }),
]);
export type ImClientFrame = z.infer<typeof ImClientFrameSchema>;

export interface ImConvState {
  id: number;
  lastSeq: number;
  readSeq: number;
}

/** Frames the server sends. */
export type ImServerFrame =
  /** After hello and on sync: every conversation of the user with its positions. */
  | { t: 'ready'; convs: ImConvState[]; totalUnread: number }
  | { t: 'msg'; m: ImMessage }
  /** Every message of one conversation after `after` (up to a limit), in seq order: replay and fetch. */
  | { t: 'msgs'; conv: number; after: number; list: ImMessage[]; hasMore: boolean }
  | { t: 'ack'; cid: string; m: ImMessage }
  /** Someone's read position: the user's own (other devices) or the other person's (receipts). */
  | { t: 'read'; conv: number; uguid: string; seq: number }
  | { t: 'typing'; conv: number; uguid: string; name: string }
  /** The user joined or was added to a conversation, or its details changed: refetch it. */
  | { t: 'conv'; conv: number }
  /** The user left or was removed: drop the conversation. */
  | { t: 'removed'; conv: number }
  /** A group the user manages has a new join application. */
  | { t: 'apply'; conv: number }
  | { t: 'error'; code: number; msg: string; cid?: string }
  | { t: 'pong'; at: number };
