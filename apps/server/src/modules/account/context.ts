/**
 * What the account use cases work with, built once when the module starts: the database,
 * the bus, the SMS port, the configuration, the server secret and (when configured) the
 * WeChat API client. Also the plain values a row hands its use case about who is asking.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { BusPort } from '../../platform/bus/index.js';
import type { Db } from '../../platform/database/index.js';
import type { Platform } from '../../platform/index.js';
import type { SmsPort } from '../../platform/sms/index.js';
import { loadAuthSecret } from './secret.js';
import { createWechatApi, type WechatApi } from './wechat-api.js';

export interface AccountContext {
  db: Db;
  bus: BusPort;
  sms: SmsPort;
  config: Config;
  secret: string;
  wechat: WechatApi | null;
}

export async function createAccountContext(config: Config, platform: Platform): Promise<AccountContext> {
  const db = platform.database.db;
  return {
    db,
    bus: platform.bus,
    sms: platform.sms,
    config,
    secret: await loadAuthSecret(db, config.authSecret),
    wechat: config.wechat ? createWechatApi(config.wechat, db) : null,
  };
}

/** Who is asking, for limits and event records. */
export interface Caller {
  ip: string;
  userAgent: string;
  /** The browser's anonymous client id (x-client-id), '' when absent. */
  clientId: string;
}

/** The request's logger (its lines carry the request id). */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A caller about to sign in: the session the browser holds (revoked: no fixation) and the request's log. */
export interface Visitor extends Caller {
  sessionToken: string | undefined;
  log: Log;
}

/** A session a use case started; the row sets its cookie. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A sign-in's answer and, when it signed the browser in, the session to set. */
export interface SignedIn<T> {
  result: T;
  session?: NewSession | undefined;
}
