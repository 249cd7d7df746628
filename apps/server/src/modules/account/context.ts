/**
 * What the account use cases work with, built once when the module starts: the database,
 * the bus, the SMS port, the configuration, the server secret and (when configured) the
 * WeChat API client.
 */
import type { Config } from '../../config.js';
import type { BusPort } from '../../platform/bus/index.js';
import type { Db } from '../../platform/database/index.js';
import type { SmsPort } from '../../platform/sms/index.js';
import type { WechatApi } from './wechat-api.js';

export interface AccountContext {
  db: Db;
  bus: BusPort;
  sms: SmsPort;
  config: Config;
  secret: string;
  wechat: WechatApi | null;
}

/** Who is asking, for limits and event records. */
export interface Caller {
  ip: string;
  userAgent: string;
}
