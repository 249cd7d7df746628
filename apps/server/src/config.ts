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
  COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9.-]+$/i, '应为域名，如 .example.com')
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
});

export type Env = z.input<typeof EnvSchema>;

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
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    dataDir,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
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
    cookie: { domain: e.COOKIE_DOMAIN, secure: (e.PUBLIC_URL ?? '').startsWith('https://') },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

export type Config = ReturnType<typeof loadConfig>;
export type S3Config = NonNullable<Config['storage']>;
export type RedisConfig = NonNullable<Config['redis']>;
