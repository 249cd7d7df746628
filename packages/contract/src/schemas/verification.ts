/**
 * Business-card verification on the wire: the upload credential (`GetCosSign`), card
 * submission (`updateBcard`), the streamed dialogue (`aiAuth`) with the flags of spec
 * section 3 ("Authorisation chat message"), its history and the fields read from the card.
 */

import { LIMITS } from '../constants.js';
import { envelope } from './common.js';
import { z } from './zod.js';

/** Largest card image accepted, in bytes (the web crops to 300x200, far below this). */
export const CARD_MAX_BYTES = 5 * 1024 * 1024;
/** Minutes an upload credential or signed upload URL stays valid. */
export const CARD_UPLOAD_TTL_MINUTES = 10;

const compat = {
  uguid: z.string().max(64).optional(),
  clientid: z.string().max(64).optional(),
};

export const CosSignQuerySchema = z.object({
  /** The bucket the client names; the server always answers for its configured store. */
  bucket: z.string().trim().max(128).optional(),
  ...compat,
});

/**
 * Spec shape (tmpSecretId, tmpSecretKey, sessionToken, start, expire) plus how to upload:
 * `local` is a signed PUT URL on this server, `presigned` a presigned PUT URL of the S3 store.
 * The tmp* fields stay empty while no STS is configured (docs/decisions.md).
 */
export const CosSignSchema = z.object({
  mode: z.enum(['local', 'presigned']),
  tmpSecretId: z.string(),
  tmpSecretKey: z.string(),
  sessionToken: z.string(),
  /** Seconds since the epoch. */
  start: z.number().int(),
  expire: z.number().int(),
  method: z.literal('PUT'),
  uploadUrl: z.string(),
  /** Storage key the image is written under (`bcard/<uguid>/...`). */
  key: z.string(),
  /** The address to submit as `cardurl` once uploaded. */
  cardurl: z.string(),
  maxBytes: z.number().int(),
  region: z.string(),
});
export type CosSign = z.infer<typeof CosSignSchema>;
export const CosSignResponseSchema = envelope(CosSignSchema);

export const UpdateBcardBodySchema = z.object({
  cardurl: z.string().trim().min(1, '请先上传名片').max(1000),
  ...compat,
});

/** Fields read from a business card; '' when the card does not show one. */
export const CardFieldsSchema = z.object({
  name: z.string(),
  company: z.string(),
  title: z.string(),
  /** The mobile number when there is one, else the first landline. */
  phone: z.string(),
  phones: z.array(z.string()),
  email: z.string(),
});
export type CardFields = z.infer<typeof CardFieldsSchema>;

export const BcardInfoSchema = CardFieldsSchema.extend({
  cardurl: z.string(),
  createdAt: z.string(),
});
export type BcardInfo = z.infer<typeof BcardInfoSchema>;
export const BcardInfoResponseSchema = envelope(BcardInfoSchema.nullable());

/** Where a user's verification stands. `dialogue` is the only state that takes input. */
export const VERIFICATION_STATES = [
  'none',
  'dialogue',
  'deciding',
  'verified',
  'pending',
  'rejected',
  'cancelled',
] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const UpdateBcardResultSchema = z.object({
  cardurl: z.string(),
  fields: CardFieldsSchema,
  state: z.enum(VERIFICATION_STATES),
});
export const UpdateBcardResponseSchema = envelope(UpdateBcardResultSchema);

export const AUTH_MSGTYPES = ['text', 'image_url'] as const;
export type AuthMsgtype = (typeof AUTH_MSGTYPES)[number];

export const AiAuthBodySchema = z
  .object({
    msgtype: z.enum(AUTH_MSGTYPES).default('text'),
    content: z.string().max(1000),
    ...compat,
  })
  .superRefine((body, ctx) => {
    const text = body.content.trim();
    if (!text) ctx.addIssue({ code: 'custom', path: ['content'], message: '不能为空' });
    else if (body.msgtype === 'text' && [...text].length > LIMITS.messageMaxChars) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: `不能超过 ${LIMITS.messageMaxChars} 个字` });
    }
  });
export type AiAuthBody = z.input<typeof AiAuthBodySchema>;

/** One message of the dialogue (spec section 3, "Authorisation chat message"). */
export const AuthMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  msgtype: z.enum(AUTH_MSGTYPES),
  content: z.string(),
  /** A question the user may take to AI chat (/homechat?q=...). */
  homequery: z.string(),
  createdAt: z.string(),
});
export type AuthMessage = z.infer<typeof AuthMessageSchema>;

export const AuthHistorySchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  cardurl: z.string(),
  list: z.array(AuthMessageSchema),
});
export type AuthHistory = z.infer<typeof AuthHistorySchema>;
export const AuthHistoryResponseSchema = envelope(AuthHistorySchema);
/** Optional: a POST without a body is accepted. */
export const AuthHistoryBodySchema = z.object({ ...compat });

/**
 * One event of the aiAuth stream. `start`/`end` open and close one assistant message,
 * `waiting`/`waitingend` bracket the check of the answers, `authSuccess` tells the client
 * to fire its `authSuccess` window event, and the last event of every stream has `isend`.
 */
export interface AuthStreamEvent {
  type: 'delta' | 'status' | 'error';
  role: 'assistant';
  msgtype: 'text';
  content: string;
  start: boolean;
  end: boolean;
  isend: boolean;
  waiting: boolean;
  waitingend: boolean;
  homequery: string;
  errMsg: string;
  authSuccess: boolean;
  state: VerificationState;
  [key: string]: unknown;
}
