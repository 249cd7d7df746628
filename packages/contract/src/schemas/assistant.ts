/**
 * The AI assistant on the wire: agents, chat and research-report chat (conversations,
 * messages with quote blocks and entity links), free turns and the locked state, sharing,
 * business-plan export, AI search over the library and the home page's data.
 *
 * Streamed rows answer SSE events (`AssistantStreamEvent`): a `status` start event, then
 * `delta` pieces of markdown, `quote` and `card` events as citations and linked records
 * are known, and a last event with `isend: true` (`status` done / stopped / locked, or
 * `error`). A quote block names a report (`pid`), its title, the pages, and the passage
 * quoted verbatim from those pages.
 */

import { PageQuerySchema, pageOf } from './common.js';
import { InvestorCardSchema, OrgCardSchema, ProjectCardSchema } from './library-cards.js';
import { ReportCardSchema } from './library-detail.js';
import { z } from './zod.js';

/** Accepted for compatibility (API.md); the access layer checks `uguid` against the session. */
const compat = { uguid: z.string().max(64).optional(), clientid: z.string().max(64).optional() };

export const QUESTION_MAX_CHARS = 10_000;
export const CHAT_KINDS = ['chat', 'mixchat'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export const MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'error'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const ENTITY_KINDS = ['project', 'institution', 'investor', 'report'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A user's question: trimmed, not empty, at most 10,000 characters. */
export const QuestionSchema = z
  .string({ error: '请输入问题' })
  .trim()
  .min(1, { error: '问题不能为空' })
  .max(QUESTION_MAX_CHARS, { error: `问题不能超过 ${QUESTION_MAX_CHARS} 字` });

export const ChatUuidSchema = z.string({ error: '缺少会话编号' }).trim().min(1).max(64);
/** The feature that started a conversation (`chat`, `homechat`, `mixchat`, …); mix-prefixed ones are research chats. */
export const ChatActionSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z][\w-]*$/, { error: '操作类型只能包含字母、数字、下划线' });

// ---- Agents ----
export const AgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** What the agent searches: projects, institutions, investors, reports. */
  retrieval: z.array(z.enum(ENTITY_KINDS)),
  welcome: z.string(),
  questions: z.array(z.string()),
  isDefault: z.boolean(),
});
export type Agent = z.infer<typeof AgentSchema>;
export const AgentListSchema = z.object({ list: z.array(AgentSchema) });

// ---- Citations and links inside answers ----
/** A markdown quote block: the report, its title, the pages and the verbatim passage. */
export const QuoteSchema = z.object({
  /** The citation number `[n]` used in the answer text. */
  n: z.number().int(),
  /** Report id (the spec calls it `pid`). */
  pid: z.number().int(),
  title: z.string(),
  pages: z.array(z.number().int()),
  /** Quoted verbatim from the page text. */
  text: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A library record the answer names, with the in-app address it links to. */
export const EntityLinkSchema = z.object({
  kind: z.enum(ENTITY_KINDS),
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
});
export type EntityLink = z.infer<typeof EntityLinkSchema>;

/** The PDF viewer address for a quote: the report, the page, and the passage to highlight. */
export function pdfViewUrl(pid: number, page: number, highlight?: string): string {
  const q = highlight ? `&q=${encodeURIComponent(highlight.slice(0, 120))}` : '';
  return `/pdfView?pid=${pid}&page=${page}${q}`;
}

// ---- Conversations and messages ----
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  /** Markdown. */
  content: z.string(),
  quotes: z.array(QuoteSchema),
  cards: z.array(EntityLinkSchema),
  /** Follow-up questions suggested after an answer. */
  suggestions: z.array(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  /** `local` or `openai` for answers; empty for questions. */
  engine: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationSchema = z.object({
  chatuuid: z.string(),
  kind: z.enum(CHAT_KINDS),
  action: z.string(),
  agent: z.string(),
  title: z.string(),
  messageCount: z.number().int(),
  /** Report ids a research chat is limited to (empty: all reports). */
  reportIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** Free turns left today and whether this conversation's content is locked (spec "locked chat content"). */
export const RemainingChatsSchema = z.object({
  remaining: z.number().int(),
  freeTurnsPerDay: z.number().int(),
  used: z.number().int(),
  isSignedIn: z.boolean(),
  /** The conversation was unlocked with ChatPerCharge: its turns are not counted. */
  isUnlocked: z.boolean(),
  /** No free turn left and not unlocked: the next question is refused until unlocked. */
  isLocked: z.boolean(),
  /** `登录体验更多功能` signed out, `解锁更多内容` signed in. */
  lockText: z.string(),
  price: z.object({ fen: z.number().int(), power: z.number().int() }),
});
export type RemainingChats = z.infer<typeof RemainingChatsSchema>;

export const ConversationDetailSchema = z.object({
  conversation: ConversationSchema,
  messages: z.array(ChatMessageSchema),
  /** An answer is being generated right now (e.g. in another tab). */
  isGenerating: z.boolean(),
  quota: RemainingChatsSchema,
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;

export const CreateChatRequestSchema = z.object({
  ...compat,
  action: ChatActionSchema.default('chat'),
  agent: z.string().max(32).optional(),
  title: z.string().trim().max(100).optional(),
});
export const CreateMixChatRequestSchema = CreateChatRequestSchema.extend({
  action: ChatActionSchema.default('mixchat'),
  /** Limit the research chat to these reports (`pid` = report id); empty: all reports. */
  pids: z.array(z.coerce.number().int().positive()).max(20).optional(),
});
export const ChatTurnRequestSchema = z.object({
  ...compat,
  chatuuid: ChatUuidSchema,
  question: QuestionSchema,
  /** Switch the conversation's agent from this turn on. */
  agent: z.string().max(32).optional(),
  /** Replace the last answer instead of adding a new turn (the question is asked again). */
  regenerate: z.boolean().optional(),
});
export type ChatTurnRequest = z.infer<typeof ChatTurnRequestSchema>;
export const ChatUuidRequestSchema = z.object({ ...compat, chatuuid: ChatUuidSchema });
export const ChatHistoryRequestSchema = PageQuerySchema.extend({
  ...compat,
  action: ChatActionSchema.optional(),
});
export const AllHistoryRequestSchema = PageQuerySchema.extend({
  ...compat,
  kind: z.enum(CHAT_KINDS).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export const ConversationPageSchema = pageOf(ConversationSchema);
export const DeletedChatSchema = z.object({ chatuuid: z.string(), isDeleted: z.boolean() });
export const LeaveChatSchema = z.object({ chatuuid: z.string(), isStopped: z.boolean() });
export const RemainingChatsRequestSchema = z.object({
  ...compat,
  action: ChatActionSchema.optional(),
  chatuuid: ChatUuidSchema.optional(),
});

/** The owner asks with `chatuuid` (gets a token); anyone asks with `token` (read-only copy; `fork` copies it into a new chat of their own). */
export const ShareChatRequestSchema = z
  .object({
    ...compat,
    chatuuid: ChatUuidSchema.optional(),
    token: z.string().trim().min(8).max(64).optional(),
    fork: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.chatuuid || v.token), { error: '请提供会话编号或分享码', path: ['token'] });
export const SharedChatSchema = z.object({
  token: z.string(),
  /** `/share?token=…`. */
  url: z.string(),
  conversation: ConversationSchema,
  messages: z.array(ChatMessageSchema),
  /** The reader's own copy when `fork` was asked. */
  forkedChatuuid: z.string().nullable(),
});
export type SharedChat = z.infer<typeof SharedChatSchema>;

// ---- Exports from a conversation ----
export const ExportBpRequestSchema = z.object({
  ...compat,
  chatuuid: ChatUuidSchema,
  /** The project the plan is for; defaults to what the conversation talked about. */
  projectName: z.string().trim().max(100).optional(),
});
export const ReportCreateRequestSchema = z.object({
  ...compat,
  chatuuid: ChatUuidSchema,
  title: z.string().trim().max(100).optional(),
});
export const ChatReportSchema = z.object({
  id: z.number().int(),
  chatuuid: z.string(),
  title: z.string(),
  /** Markdown: the conversation's answers organised as a report, with its quotes. */
  content: z.string(),
  quotes: z.array(QuoteSchema),
  createdAt: z.string(),
});
export type ChatReport = z.infer<typeof ChatReportSchema>;

export const IpoInquiryRequestSchema = z.object({
  ...compat,
  keyword: z.string().trim().max(100).optional(),
  chatuuid: ChatUuidSchema.optional(),
  pid: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
/** Inquiry quotes as plain strings (spec section 3). */
export const IpoInquirySchema = z.object({ list: z.array(z.string()) });

// ---- AI search ----
export const AiSearchRequestSchema = z.object({
  ...compat,
  question: QuestionSchema,
  /** Continue a search session with a follow-up. */
  searchId: z.string().trim().max(64).optional(),
  scope: z.array(z.enum(ENTITY_KINDS)).max(4).optional(),
});
export type AiSearchRequest = z.infer<typeof AiSearchRequestSchema>;
export const SearchHitsSchema = z.object({
  projects: z.array(ProjectCardSchema),
  institutions: z.array(OrgCardSchema),
  investors: z.array(InvestorCardSchema),
  reports: z.array(ReportCardSchema),
});
export type SearchHits = z.infer<typeof SearchHitsSchema>;
export const AiInteractionSchema = z.object({
  id: z.number().int(),
  searchId: z.string(),
  kind: z.enum(['search', 'fusion']),
  question: z.string(),
  answer: z.string(),
  hits: SearchHitsSchema,
  quotes: z.array(QuoteSchema),
  status: z.enum(MESSAGE_STATUSES),
  createdAt: z.string(),
});
export type AiInteraction = z.infer<typeof AiInteractionSchema>;
export const AiSearchResultRequestSchema = z.object({
  ...compat,
  searchId: z.string().trim().min(1).max(64),
});
export const AiSearchResultSchema = z.object({
  searchId: z.string(),
  title: z.string(),
  interactions: z.array(AiInteractionSchema),
});
export const SingleInteractRequestSchema = z.object({ ...compat, id: z.coerce.number().int().positive() });

export const HomeSearchRequestSchema = z.object({
  ...compat,
  keyword: z.string().trim().min(1, { error: '请输入搜索内容' }).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export const HomeSearchSchema = SearchHitsSchema.extend({
  keyword: z.string(),
  /** Questions to ask the assistant about the keyword. */
  questions: z.array(z.string()),
});
export const HomeSearchHistoryItemSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  kind: z.enum(['home', 'search', 'fusion']),
  searchId: z.string().nullable(),
  createdAt: z.string(),
});
export const HomeSearchHistoryPageSchema = pageOf(HomeSearchHistoryItemSchema);
export const PageOnlyRequestSchema = PageQuerySchema.extend(compat);

export const HomeUserActionSchema = z.object({
  type: z.enum(['chat', 'mixchat', 'search']),
  title: z.string(),
  /** In-app address to continue it. */
  url: z.string(),
  at: z.string(),
});
export const HomeUserActionsSchema = z.object({ list: z.array(HomeUserActionSchema) });

export const RecommendRequestSchema = z.object({
  ...compat,
  limit: z.coerce.number().int().min(1).max(20).default(6),
});
export const RecommendSchema = z.object({
  /** Why these: the industries they were chosen by (from the user's profile and recent activity). */
  basis: z.array(z.string()),
  projects: z.array(ProjectCardSchema),
  institutions: z.array(OrgCardSchema),
  reports: z.array(ReportCardSchema),
});
export const StringListSchema = z.object({ list: z.array(z.string()) });
export const QuickQuestionsRequestSchema = z.object({
  ...compat,
  scene: z.enum(['home', 'chat', 'mixchat', 'search']).default('home'),
  agent: z.string().max(32).optional(),
});
export const QuickQuestionSchema = z.object({ text: z.string(), agent: z.string().nullable() });
export const QuickQuestionsSchema = z.object({ list: z.array(QuickQuestionSchema) });

// ---- Stream events (all carry `isend`) ----
export const ChatStartEventSchema = z.object({
  type: z.literal('status'),
  status: z.literal('start'),
  chatuuid: z.string(),
  /** The assistant message being written (also `searchId` / interaction id for AI search). */
  messageId: z.number().int(),
  searchId: z.string().optional(),
  engine: z.string(),
  isend: z.literal(false),
});
export const DeltaEventSchema = z.object({
  type: z.literal('delta'),
  content: z.string(),
  isend: z.literal(false),
});
export const QuoteEventSchema = z.object({
  type: z.literal('quote'),
  quotes: z.array(QuoteSchema),
  isend: z.literal(false),
});
export const CardEventSchema = z.object({
  type: z.literal('card'),
  cards: z.array(EntityLinkSchema),
  /** AI search sends its hits here too. */
  hits: SearchHitsSchema.optional(),
  isend: z.literal(false),
});
export const ChatEndEventSchema = z.object({
  type: z.literal('status'),
  status: z.enum(['done', 'stopped']),
  messageId: z.number().int(),
  suggestions: z.array(z.string()),
  remaining: z.number().int().optional(),
  isend: z.literal(true),
});
/** No free turn left: nothing was generated; the client shows the lock button. */
export const ChatLockedEventSchema = z.object({
  type: z.literal('status'),
  status: z.literal('locked'),
  quota: RemainingChatsSchema,
  isend: z.literal(true),
});
export const ChatErrorEventSchema = z.object({
  type: z.literal('error'),
  code: z.number().int(),
  msg: z.string(),
  isend: z.literal(true),
});
export const AssistantStreamEventSchema = z.union([
  ChatStartEventSchema,
  DeltaEventSchema,
  QuoteEventSchema,
  CardEventSchema,
  ChatEndEventSchema,
  ChatLockedEventSchema,
  ChatErrorEventSchema,
]);
export type AssistantStreamEvent = z.infer<typeof AssistantStreamEventSchema>;
