/**
 * The SMS port: sends sign-in codes. The dev outbox (default) writes the code to the log
 * and to a table the dev endpoint reads; Aliyun SMS and Tencent Cloud SMS are the
 * production engines, selected by SMS_PROVIDER. Features never choose an engine.
 */
import type { SmsConfig } from '../../config.js';
import type { Db } from '../database/index.js';
import { createAliyunSms } from './aliyun.js';
import { createOutboxSms } from './outbox.js';
import { createTencentSms } from './tencent.js';

/** The dev endpoint reads the outbox engine's latest code to a phone. */
export { readOutbox } from './outbox.js';

export type SmsEngine = 'outbox' | 'aliyun' | 'tencent';

export interface SmsCode {
  phone: string;
  code: string;
  ttlMinutes: number;
}

/** The part of a logger the port writes to (a request's child logger in practice). */
export interface SmsLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface SmsPort {
  engine: SmsEngine;
  /** Resolves once the provider accepted the message; throws SmsError otherwise. */
  sendCode(message: SmsCode, log: SmsLog): Promise<void>;
}

/** A provider refused or could not be reached; `providerCode` is the provider's own code. */
export class SmsError extends Error {
  override name = 'SmsError';
  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

export function createSms(config: SmsConfig, db: Db): SmsPort {
  if (config.provider === 'aliyun') return createAliyunSms(config);
  if (config.provider === 'tencent') return createTencentSms(config);
  return createOutboxSms(db);
}

/** POSTs and parses JSON with a timeout; network failures become SmsError. */
export async function postJson(
  url: string,
  init: { headers: Record<string, string>; body: string },
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new SmsError('NETWORK', `短信服务无法访问：${String(error)}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch {
    throw new SmsError('BAD_RESPONSE', `短信服务返回了无法解析的内容（HTTP ${response.status}）`);
  }
}
