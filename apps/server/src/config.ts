/**
 * Configuration: read from the environment once at start, validated, then passed around
 * as a typed object. A bad variable stops the start with a message naming it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PRODUCT } from '@jq/contract';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z.url().optional();

/** A variable holding JSON, parsed and then checked against `schema`. */
function jsonOf<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: '应为 JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: optionalUrl,
  PRODUCT: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,15}$/)
    .default(DEFAULT_PRODUCT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().min(1).optional(),
  METRICS_ENABLED: bool.default(true),
  METRICS_TOKEN: z.string().min(16).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应以 postgres:// 或 postgresql:// 开头')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, '应以 redis:// 或 rediss:// 开头')
    .optional(),
  REDIS_PREFIX: z.string().min(1).default('jq'),
  STORAGE_BUCKET: z.string().min(1).optional(),
  STORAGE_ENDPOINT: optionalUrl,
  STORAGE_REGION: z.string().min(1).default('ap-shanghai'),
  STORAGE_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_SECRET_KEY: z.string().min(1).optional(),
  STORAGE_FORCE_PATH_STYLE: bool.default(false),
  // Generic file uploads (knowledge base, business plans, messaging files): largest file accepted.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  OCR_PROVIDER: z.enum(['local', 'tencent']).default('local'),
  OCR_TENCENT_SECRET_ID: z.string().min(1).optional(),
  OCR_TENCENT_SECRET_KEY: z.string().min(1).optional(),
  OCR_TENCENT_REGION: z.string().min(1).default('ap-shanghai'),
  OCR_TENCENT_ENDPOINT: z.url().default('https://ocr.tencentcloudapi.com'),
  COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9.-]+$/i, '应为域名，如 .example.com')
    .optional(),
  // Language model (issue 6): an OpenAI-compatible API; the local engine when unset.
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  LLM_FIRST_TOKEN_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  EMBEDDING_BASE_URL: optionalUrl,
  EMBEDDING_API_KEY: z.string().min(1).optional(),
  EMBEDDING_MODEL: z.string().min(1).optional(),
  EMBEDDING_BATCH: z.coerce.number().int().min(1).max(256).default(64),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Demo data (issue 4): loaded into an empty library at start; off by default under NODE_ENV=test.
  DEMO_DATA: bool.optional(),
  DEMO_SEED: z.coerce.number().int().min(0).max(4_294_967_295).default(20_261_122),
  // Accounts (issue 3): sign-in secrets, SMS, WeChat, client configuration.
  AUTH_SECRET: z.string().min(32, '至少 32 个字符').optional(),
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  SMS_SIGN_NAME: z.string().min(1).optional(),
  SMS_TEMPLATE_ID: z.string().min(1).optional(),
  SMS_SDK_APP_ID: z.string().min(1).optional(),
  SMS_REGION: z.string().min(1).optional(),
  SMS_ENDPOINT: optionalUrl,
  SMS_DAILY_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(10),
  SMS_HOURLY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  WECHAT_APPID: z.string().min(1).optional(),
  WECHAT_SECRET: z.string().min(1).optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  WECHAT_MP_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9]{3,32}$/, '应为 3-32 位字母或数字')
    .optional(),
  QIWEI_QRCODE: z.string().default(''),
  AVATAR_HOSTS: z.string().default('thirdwx.qlogo.cn,wx.qlogo.cn'),
  USER_CHANNELS: jsonOf(z.record(z.string(), z.string())).optional(),
  BUILD_ID: z.string().max(64).optional(),
  DESKTOP_VERSION: z.string().max(32).optional(),
  // Payments and compute credits (issue 7): provider, WeChat Pay v3 merchant, prices.
  PAY_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  PAY_TEST_MODE: bool.default(false),
  PAY_SANDBOX_SECRET: z.string().min(16, '至少 16 个字符').optional(),
  WECHATPAY_MCHID: z
    .string()
    .regex(/^\d{6,32}$/, '应为数字商户号')
    .optional(),
  WECHATPAY_APPID: z.string().min(1).optional(),
  WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32, '应为 32 个字符').optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
  WECHATPAY_NOTIFY_URL: optionalUrl,
  WECHATPAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  // Knowledge base (issue 16): previews, paid answers and creator income, parsing limits.
  KB_PREVIEW_PAGES: z.coerce.number().int().min(1).max(50).default(3),
  KB_ANSWER_CREDITS: z.coerce.number().int().min(0).max(1000).default(2),
  KB_CREATOR_SHARE_PERMILLE: z.coerce.number().int().min(0).max(1000).default(500),
  KB_MAX_PAGES: z.coerce.number().int().min(1).max(5000).default(1000),
  KB_STUCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  BILLING_RECHARGE_PACKAGES: z
    .string()
    .regex(/^\d+:\d+(,\d+:\d+)*$/, '应为 分:算力 列表，如 990:100,4900:600')
    .default('990:100,4900:600,9900:1300'),
  BILLING_OPT_PER_CHARGE_FEN: z.coerce.number().int().min(1).default(990),
  BILLING_DOCK_PER_CHARGE_FEN: z.coerce.number().int().min(1).default(1990),
  BILLING_FEN_PER_CREDIT: z.coerce.number().int().min(1).default(10),
  BILLING_VIP_MONTH_FEN: z.coerce.number().int().min(1).default(19900),
  BILLING_VIP_SEASON_DISCOUNT: z.coerce.number().gt(0).max(1).default(0.9),
  BILLING_VIP_YEAR_DISCOUNT: z.coerce.number().gt(0).max(1).default(0.7),
  BILLING_VIP_CHARGE_ARGS: z
    .string()
    .regex(/^\d+(\.\d{1,2})?:\d+(,\d+(\.\d{1,2})?:\d+)*$/, '应为 元:天数 列表，如 199:30,999:180,1699:365')
    .optional(),
});

export type Env = z.input<typeof EnvSchema>;

/** Variables that only work together: half a language-model configuration is a mistake. */
const LLM_GROUPS = {
  LLM: ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'],
  EMBEDDING: ['EMBEDDING_BASE_URL', 'EMBEDDING_API_KEY', 'EMBEDDING_MODEL'],
} as const;

const WECHATPAY_REQUIRED = [
  'WECHATPAY_MCHID',
  'WECHATPAY_APPID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`配置错误，请检查环境变量：\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_BUCKET && !(e.STORAGE_ACCESS_KEY && e.STORAGE_SECRET_KEY)) {
    throw new ConfigError(
      '配置错误，请检查环境变量：\n  STORAGE_ACCESS_KEY / STORAGE_SECRET_KEY: 设置 STORAGE_BUCKET 时必填',
    );
  }
  const smsMissing = missingSmsVariables(e);
  if (smsMissing.length) {
    throw new ConfigError(
      `配置错误，请检查环境变量：\n  ${smsMissing.join(' / ')}: SMS_PROVIDER=${e.SMS_PROVIDER} 时必填`,
    );
  }
  if (!!e.WECHAT_APPID !== !!e.WECHAT_SECRET) {
    throw new ConfigError('配置错误，请检查环境变量：\n  WECHAT_APPID / WECHAT_SECRET: 须同时设置');
  }
  for (const [group, names] of Object.entries(LLM_GROUPS)) {
    const missing = names.filter((name) => !e[name]);
    if (missing.length && missing.length < names.length) {
      throw new ConfigError(
        `配置错误，请检查环境变量：\n  ${missing.join(' / ')}: 设置 ${group}_* 时须同时设置（无需密钥的服务可填任意值）`,
      );
    }
  }
  if (e.OCR_PROVIDER === 'tencent' && !(e.OCR_TENCENT_SECRET_ID && e.OCR_TENCENT_SECRET_KEY)) {
    throw new ConfigError(
      '配置错误，请检查环境变量：\n  OCR_TENCENT_SECRET_ID / OCR_TENCENT_SECRET_KEY: OCR_PROVIDER=tencent 时必填',
    );
  }
  const wechatPayMissing = WECHATPAY_REQUIRED.filter((name) => e.PAY_PROVIDER === 'wechat' && !e[name]);
  if (wechatPayMissing.length) {
    throw new ConfigError(
      `配置错误，请检查环境变量：\n  ${wechatPayMissing.join(' / ')}: PAY_PROVIDER=wechat 时必填`,
    );
  }
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    /** False when PUBLIC_URL is not set: links for another device then use the address the browser used. */
    isPublicUrlSet: e.PUBLIC_URL !== undefined,
    product: e.PRODUCT,
    logLevel: e.LOG_LEVEL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(REPO_ROOT, e.WEB_DIST ?? 'apps/web/dist'),
    metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN },
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    storage: e.STORAGE_BUCKET
      ? {
          bucket: e.STORAGE_BUCKET,
          endpoint: e.STORAGE_ENDPOINT,
          region: e.STORAGE_REGION,
          accessKeyId: e.STORAGE_ACCESS_KEY!,
          secretAccessKey: e.STORAGE_SECRET_KEY!,
          forcePathStyle: e.STORAGE_FORCE_PATH_STYLE,
        }
      : undefined,
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES },
    cookie: { domain: e.COOKIE_DOMAIN, secure: (e.PUBLIC_URL ?? '').startsWith('https://') },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    demoData: { enabled: e.DEMO_DATA ?? e.NODE_ENV !== 'test', seed: e.DEMO_SEED },
    ocr: {
      provider: e.OCR_PROVIDER,
      tencent: {
        secretId: e.OCR_TENCENT_SECRET_ID ?? '',
        secretKey: e.OCR_TENCENT_SECRET_KEY ?? '',
        region: e.OCR_TENCENT_REGION,
        endpoint: e.OCR_TENCENT_ENDPOINT,
      },
    },
    llm: {
      chat:
        e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
          ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
          : undefined,
      embedding:
        e.EMBEDDING_BASE_URL && e.EMBEDDING_API_KEY && e.EMBEDDING_MODEL
          ? {
              baseUrl: e.EMBEDDING_BASE_URL,
              apiKey: e.EMBEDDING_API_KEY,
              model: e.EMBEDDING_MODEL,
              batchSize: e.EMBEDDING_BATCH,
            }
          : undefined,
      timeoutMs: e.LLM_TIMEOUT_MS,
      firstTokenTimeoutMs: e.LLM_FIRST_TOKEN_TIMEOUT_MS,
      maxRetries: e.LLM_MAX_RETRIES,
    },
    authSecret: e.AUTH_SECRET,
    sms: {
      provider: e.SMS_PROVIDER,
      accessKeyId: e.SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? '',
      signName: e.SMS_SIGN_NAME ?? '',
      templateId: e.SMS_TEMPLATE_ID ?? '',
      sdkAppId: e.SMS_SDK_APP_ID ?? '',
      region: e.SMS_REGION,
      endpoint: e.SMS_ENDPOINT,
      dailyLimitPerPhone: e.SMS_DAILY_LIMIT_PER_PHONE,
      hourlyLimitPerIp: e.SMS_HOURLY_LIMIT_PER_IP,
    },
    wechat: e.WECHAT_APPID
      ? {
          appid: e.WECHAT_APPID,
          secret: e.WECHAT_SECRET!,
          apiBase: e.WECHAT_API_BASE,
          mpToken: e.WECHAT_MP_TOKEN,
        }
      : undefined,
    client: {
      qiweiQrcode: e.QIWEI_QRCODE,
      avatarHosts: e.AVATAR_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      userChannels: e.USER_CHANNELS ?? {},
      buildId: e.BUILD_ID,
      desktopVersion: e.DESKTOP_VERSION,
    },
    pay: {
      provider: e.PAY_PROVIDER,
      testMode: e.PAY_TEST_MODE,
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      sandboxSecret: e.PAY_SANDBOX_SECRET,
      wechat: {
        mchid: e.WECHATPAY_MCHID ?? '',
        appid: e.WECHATPAY_APPID ?? '',
        serialNo: e.WECHATPAY_SERIAL_NO ?? '',
        privateKey: e.WECHATPAY_PRIVATE_KEY ?? '',
        apiV3Key: e.WECHATPAY_APIV3_KEY ?? '',
        platformPublicKey: e.WECHATPAY_PLATFORM_PUBLIC_KEY ?? '',
        platformSerial: e.WECHATPAY_PLATFORM_SERIAL ?? '',
        notifyUrl:
          e.WECHATPAY_NOTIFY_URL ?? `${e.PUBLIC_URL ?? `http://localhost:${e.PORT}`}/api/pay/notify/wechat`,
        apiBase: e.WECHATPAY_API_BASE.replace(/\/+$/, ''),
      },
    },
    knowledge: {
      previewPages: e.KB_PREVIEW_PAGES,
      answerCredits: e.KB_ANSWER_CREDITS,
      creatorSharePermille: e.KB_CREATOR_SHARE_PERMILLE,
      maxPages: e.KB_MAX_PAGES,
      stuckMs: e.KB_STUCK_MINUTES * 60_000,
    },
    billing: {
      rechargePackages: e.BILLING_RECHARGE_PACKAGES,
      optPerChargeFen: e.BILLING_OPT_PER_CHARGE_FEN,
      dockPerChargeFen: e.BILLING_DOCK_PER_CHARGE_FEN,
      fenPerCredit: e.BILLING_FEN_PER_CREDIT,
      vipMonthFen: e.BILLING_VIP_MONTH_FEN,
      vipSeasonDiscount: e.BILLING_VIP_SEASON_DISCOUNT,
      vipYearDiscount: e.BILLING_VIP_YEAR_DISCOUNT,
      vipChargeArgs: e.BILLING_VIP_CHARGE_ARGS,
    },
  };
}

function missingSmsVariables(e: z.output<typeof EnvSchema>): string[] {
  if (e.SMS_PROVIDER === 'outbox') return [];
  const needed: [string, string | undefined][] = [
    ['SMS_ACCESS_KEY_ID', e.SMS_ACCESS_KEY_ID],
    ['SMS_ACCESS_KEY_SECRET', e.SMS_ACCESS_KEY_SECRET],
    ['SMS_SIGN_NAME', e.SMS_SIGN_NAME],
    ['SMS_TEMPLATE_ID', e.SMS_TEMPLATE_ID],
  ];
  if (e.SMS_PROVIDER === 'tencent') needed.push(['SMS_SDK_APP_ID', e.SMS_SDK_APP_ID]);
  return needed.filter(([, value]) => !value).map(([name]) => name);
}

export type Config = ReturnType<typeof loadConfig>;
export type S3Config = NonNullable<Config['storage']>;
export type RedisConfig = NonNullable<Config['redis']>;
export type OcrConfig = Config['ocr'];
export type LlmConfig = Config['llm'];
export type SmsConfig = Config['sms'];
export type WechatConfig = NonNullable<Config['wechat']>;
export type PayConfig = Config['pay'];
export type BillingConfig = Config['billing'];
export type KnowledgeConfig = Config['knowledge'];
