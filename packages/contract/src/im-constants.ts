/**
 * Messaging's limits, kinds and close codes as plain values (no zod), so the web's messaging
 * session can use them without loading the schemas (schemas/im.ts builds on these).
 */
/** Limits of the messaging module, shared by the server's checks and the web's inputs. */
export const IM_LIMITS = {
  /** A text message; the spec's 80 characters are the verification dialogue's input (§5). */
  textMaxChars: 2000,
  groupNameMaxChars: 30,
  groupIntroMaxChars: 200,
  applyMessageMaxChars: 100,
  reportDetailMaxChars: 500,
  searchKeywordMaxChars: 50,
  groupMaxMembers: 500,
  /** Images and files are uploaded through /api/upload (purpose `im`), then sent by id. */
  imageMaxBytes: 10 * 1024 * 1024,
  fileMaxBytes: 50 * 1024 * 1024,
  /** Messages per sender in `sendWindowMs`, counted across every server process. */
  sendPerWindow: 20,
  sendWindowMs: 10_000,
  /** At most this many messages of one conversation in a replay or fetch frame. */
  replayPerConversation: 200,
  /** A socket frame larger than this closes the socket (1009). */
  frameMaxBytes: 64 * 1024,
  /** The client pings this often; the server drops a socket silent for two periods. */
  heartbeatMs: 25_000,
  inviteDays: 7,
  muteMaxMinutes: 30 * 24 * 60,
} as const;

export const CONVERSATION_KINDS = ['private', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MESSAGE_KINDS = ['text', 'image', 'file', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
/** What a member can send; `system` lines are the server's (joins, leaves, removals). */
export const SENDABLE_KINDS = ['text', 'image', 'file'] as const;
export const REPORT_REASONS = ['spam', 'fraud', 'abuse', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: '垃圾广告',
  fraud: '诈骗',
  abuse: '辱骂骚扰',
  illegal: '违法违规',
  other: '其他',
};

/** Close codes of /api/im/ws besides the standard ones. */
export const IM_CLOSE = {
  /** The session ended or the imSign does not match: do not reconnect until signed in again. */
  unauthorized: 4001,
  /** Too many bad frames. */
  badFrames: 4400,
  /** The client did not keep up; reconnect and catch up from the database. */
  tooSlow: 4008,
} as const;
