/**
 * Accounts on the wire: sign-in (SMS, QR, WeChat), user info and status, registration,
 * anonymous client ids and tracking. Field names keep the spec's spelling (`Phone`,
 * `Name`, `submitConcat`'s fields). Every body accepts `uguid`/`clientid` for
 * compatibility; the server refuses a `uguid` that is not the session's user.
 */

import { IDENTITIES, PHONE_PATTERN, STAGE_CODES } from '../constants.js';
import { messages } from '../messages.js';
import { z } from './zod.js';

/** users.role of a signed-in account that has not submitted the registration form yet. */
export const ROLE_UNREGISTERED = 0;

/** Kept on every body and query: compatibility fields that never grant anything. */
const compat = {
  uguid: z.string().max(64).optional(),
  clientid: z.string().max(64).optional(),
};

export const PhoneSchema = z
  .string({ error: messages.phoneInvalid })
  .trim()
  .regex(PHONE_PATTERN, messages.phoneInvalid);
export const VcodeSchema = z
  .string({ error: messages.vcodeInvalid })
  .trim()
  .regex(/^\d{6}$/, messages.vcodeInvalid);

// ---- SMS and phone sign-in ----

export const SendVcodeBodySchema = z.object({ Phone: PhoneSchema, ...compat });
export type SendVcodeBody = z.infer<typeof SendVcodeBodySchema>;

export const PhoneLoginBodySchema = z.object({
  phone: PhoneSchema,
  vcode: VcodeSchema,
  /** Invite code of the user who shared the link (recorded on registration). */
  iv: z.string().trim().max(32).optional(),
  /** WeChat OAuth code from the page query: binds WeChat to the account when present. */
  wxcode: z.string().trim().max(128).optional(),
  ...compat,
});
export type PhoneLoginBody = z.infer<typeof PhoneLoginBodySchema>;

export const UpdatePhoneBodySchema = z.object({ phone: PhoneSchema, vcode: VcodeSchema, ...compat });
export type UpdatePhoneBody = z.infer<typeof UpdatePhoneBodySchema>;

// ---- user info and status ----

export const UserInfoSchema = z.object({
  uguid: z.string(),
  Name: z.string(),
  Avatar: z.string(),
  /** The user's own phone, whole; '' when none is bound (bind-phone flow). */
  Phone: z.string(),
  Bcard: z.string(),
  inviteCode: z.string(),
  isVerify: z.boolean(),
  /** 0 signed in without registration, 1 enterprise, 2 institution. */
  role: z.number().int(),
  identity: z.enum(IDENTITIES),
  /** Whether customer service has granted client downloads. */
  dlreport: z.boolean(),
  /** The messaging id (spec: info.imUid); the uguid, which the socket's session must match. */
  imUid: z.string(),
  /** Signature the messaging client presents with imUid. */
  imSign: z.string(),
  isBindPhone: z.boolean(),
  isBindWechat: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const SignInResultSchema = UserInfoSchema.extend({ isNew: z.boolean() });
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const VipChargeCfgSchema = z.object({
  /** Monthly price in yuan. */
  month: z.number(),
  seasondiscount: z.number(),
  yeardiscount: z.number(),
});

export const CommonCfgSchema = z.object({
  /** Customer-service WeChat Work QR image URL. */
  QiWeiQrcode: z.string(),
  /** Channel code -> customer-service QR or link for that channel. */
  UserChannel: z.record(z.string(), z.string()),
  /** Unlock prices in fen (the billing module's prices). */
  OptPerCharge: z.number().int(),
  DockPerCharge: z.number().int(),
  ChatPerCharge: z.number().int(),
  /** VIP price in yuan -> days it buys. */
  VipChargeArgs: z.record(z.string(), z.number().int()),
  VipChargeCfg: VipChargeCfgSchema,
  wechatEnabled: z.boolean(),
  wechatMpLoginEnabled: z.boolean(),
});
export type CommonCfg = z.infer<typeof CommonCfgSchema>;

export const StatusSchema = z.object({
  /** -1 signed out, 0 signed in without registration, 1 enterprise, 2 institution. */
  role: z.number().int(),
  isvip: z.boolean(),
  /** VIP expiry 'YYYY-MM-DD HH:mm' (Beijing time), '' when none. */
  exptime: z.string(),
  /** True when there is no VIP period to show (never bought): the client hides the expiry line. */
  exphide: z.boolean(),
  isBindWechat: z.boolean(),
  isBindPhone: z.boolean(),
  isVerify: z.boolean(),
  identity: z.enum(IDENTITIES).nullable(),
  uguid: z.string().nullable(),
  commoncfg: CommonCfgSchema,
});
export type Status = z.infer<typeof StatusSchema>;

export const StatusQuerySchema = z.object({ ...compat });

export const ClientCheckBodySchema = z.object({ ClientId: z.string().max(200).optional(), ...compat });
export const ClientCheckSchema = z.object({ ClientId: z.string(), isNew: z.boolean() });
export type ClientCheck = z.infer<typeof ClientCheckSchema>;

export const WebVersionQuerySchema = z.object({ env: z.enum(['web', 'electron']).default('web') });

export const SaveUserBaseInfoBodySchema = z
  .object({
    name: z.string().trim().min(1, '请填写姓名').max(20, '姓名最多 20 个字').optional(),
    avatar: z
      .string()
      .trim()
      .max(500)
      // Empty clears it; the server also checks the host (AVATAR_HOSTS).
      .regex(/^$|^(https:\/\/|\/)\S*$/, '头像地址不正确')
      .optional(),
    identity: z.enum(IDENTITIES, { error: '身份只能是投资方或企业方' }).optional(),
    ...compat,
  })
  .refine((v) => v.name !== undefined || v.avatar !== undefined || v.identity !== undefined, {
    message: '没有需要保存的内容',
  });
export type SaveUserBaseInfoBody = z.infer<typeof SaveUserBaseInfoBodySchema>;

// ---- registration (spec section 2 fields) ----

export const CURRENCIES = ['CNY', 'USD', 'HKD', 'EUR'] as const;
const isStage = (n: number) => (STAGE_CODES as readonly number[]).includes(n);

export const RegistrationBodySchema = z
  .object({
    role: z.coerce
      .number({ error: '请选择身份' })
      .refine((n) => n === 1 || n === 2, '身份只能是 1（企业）或 2（机构）'),
    phone: PhoneSchema,
    vcode: z.string().trim().max(6, messages.vcodeInvalid).default(''),
    name: z.string({ error: '请填写姓名' }).trim().min(1, '请填写姓名').max(20, '姓名最多 20 个字'),
    company: z
      .string({ error: '请填写公司名称' })
      .trim()
      .min(2, '请填写公司名称')
      .max(60, '公司名称最多 60 个字'),
    title: z.string({ error: '请填写职位' }).trim().min(1, '请填写职位').max(30, '职位最多 30 个字'),
    address: z.string().trim().max(100, '地址最多 100 个字').default(''),
    email: z.union([z.literal(''), z.email('邮箱格式不正确').max(100)]).default(''),
    brief: z.string().trim().max(500, '简介最多 500 个字').default(''),
    stage: z.coerce.number().int().refine(isStage, '融资轮次不正确').optional(),
    industry: z.string().trim().max(30, '行业最多 30 个字').default(''),
    /** Amount in 万元: the sum to raise (role 1) or the fund size (role 2). */
    fundsize: z.coerce.number().min(0, '资金规模不能为负').max(100_000_000, '资金规模过大').optional(),
    /** Financing period (role 1) or fund term (role 2), free text such as 「6 个月内」. */
    period: z.string().trim().max(20, '期限最多 20 个字').default(''),
    currency: z.enum(CURRENCIES, { error: '币种不正确' }).default('CNY'),
    orgid: z.string().trim().max(64).default(''),
    orgname: z.string().trim().max(60, '机构名称最多 60 个字').default(''),
    ...compat,
  })
  .superRefine((v, ctx) => {
    if (v.role === 1 && v.stage === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stage'], message: '请选择融资轮次' });
    }
    if (!v.industry) {
      const message = v.role === 1 ? '请填写所属行业' : '请填写关注行业';
      ctx.addIssue({ code: 'custom', path: ['industry'], message });
    }
    if (v.role === 2 && !v.orgname && !v.orgid) {
      ctx.addIssue({ code: 'custom', path: ['orgname'], message: '请填写所属机构' });
    }
  });
export type RegistrationBody = z.infer<typeof RegistrationBodySchema>;

// ---- QR sign-in ----

export const LoginQrcodeSchema = z.object({
  code: z.string(),
  url: z.string(),
  expiresIn: z.number().int(),
  pollInterval: z.number().int(),
  maxPolls: z.number().int(),
});
export type LoginQrcode = z.infer<typeof LoginQrcodeSchema>;

export const QrCodeQuerySchema = z.object({
  code: z.string({ error: '二维码编号不正确' }).regex(/^login_[\w-]{16,64}$/, '二维码编号不正确'),
  ...compat,
});
/** `scan` only tells the desktop the code was opened; `confirm` signs it in. */
export const ConfirmQrBodySchema = QrCodeQuerySchema.extend({
  action: z.enum(['scan', 'confirm']).default('confirm'),
});

/** CheckLoginQrcode answers 1000 with the user, or -1 (HTTP 200) with the waiting state. */
export const QrCheckDataSchema = z.union([
  SignInResultSchema,
  z.object({ status: z.enum(['waiting', 'scanned']) }),
]);

// ---- WeChat ----

export const WxCodeQuerySchema = z.object({
  code: z.string({ error: '缺少微信授权码' }).trim().min(1, '缺少微信授权码').max(128),
  inviteCode: z.string().trim().max(32).optional(),
  ...compat,
});
export const BindWechatBodySchema = z.object({
  code: z.string({ error: '缺少微信授权码' }).trim().min(1, '缺少微信授权码').max(128),
  ...compat,
});
export const WxAppidSchema = z.object({ appid: z.string() });

export const SignUrlBodySchema = z.object({
  url: z
    .string({ error: '缺少页面地址' })
    .trim()
    .max(2000)
    .regex(/^https?:\/\/\S+$/, '页面地址不正确'),
  ...compat,
});
export const JsSdkCfgSchema = z.object({
  AppId: z.string(),
  timestamp: z.number().int(),
  nonceStr: z.string(),
  signature: z.string(),
});
export type JsSdkCfg = z.infer<typeof JsSdkCfgSchema>;

// ---- tracking (spec section 3, "Tracking event" and "Page-time record") ----

/** Strings (or numbers, or objects sent as JSON) cut to a bounded size instead of refused. */
const bounded = (max: number) =>
  z
    .unknown()
    .transform((v) => {
      if (v === undefined || v === null) return '';
      const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
      return s.slice(0, max);
    })
    .optional()
    .transform((v) => v ?? '');

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** Entry, previous and last page with the entry and last queries (the client's session storage). */
const journey = {
  firstpath: bounded(300),
  prevpath: bounded(300),
  lastpath: bounded(300),
  firstparam: bounded(500),
  lastparam: bounded(500),
  ismobile: flag,
};

export const TrackActBodySchema = z.object({
  action: bounded(64),
  type: bounded(32),
  param: bounded(500),
  ext: bounded(1000),
  actionid: bounded(64),
  ...journey,
  ...compat,
});
export type TrackActBody = z.infer<typeof TrackActBodySchema>;

export const TrackPvUvBodySchema = z.object({
  path: bounded(300),
  pathname: bounded(100),
  ...journey,
  ...compat,
});
export type TrackPvUvBody = z.infer<typeof TrackPvUvBodySchema>;

export const TrackRemainBodySchema = z.object({
  path: bounded(300),
  pathname: bounded(100),
  /** Dwell time in ms, capped at one day. */
  stt: z.coerce
    .number({ error: '停留时长不正确' })
    .int()
    .min(0)
    .transform((n) => Math.min(n, 86_400_000)),
  ismobile: flag,
  ...compat,
});
export type TrackRemainBody = z.infer<typeof TrackRemainBodySchema>;

export const DevOutboxQuerySchema = z.object({ phone: PhoneSchema });
export const DevOutboxSchema = z.object({ phone: z.string(), code: z.string(), sentAt: z.string() });

/** shortUrl: a page of this site (absolute on PUBLIC_URL's host, or a path) → `/s/{code}`. */
export const ShortUrlBodySchema = z.object({
  uguid: z.string().max(64).optional(),
  url: z.string().trim().min(1, '请提供链接').max(2000, '链接过长'),
});
export const ShortUrlSchema = z.object({ code: z.string(), shortUrl: z.string() });
