/**
 * What the client asks on every start: the account state (`status`, anonymous or signed
 * in), the client configuration (commoncfg: prices from the billing module, customer
 * service QR and channels from the environment), the web version (the client reloads when it changes) and the anonymous
 * client id (ClientCheckV3).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientCheck, CommonCfg, Status } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Config, REPO_ROOT } from '../../config.js';
import { clientIds, type User } from '../../db/schema.js';
import { isVipActive } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { getCommonCfgPrices } from '../billing/index.js';
import type { Caller } from './context.js';

const CLIENT_ID = /^[\w-]{8,64}$/;

/** commoncfg: prices come from the billing module (one source), the rest from this module's configuration. */
function commonCfg(config: Config): CommonCfg {
  return {
    QiWeiQrcode: config.client.qiweiQrcode,
    UserChannel: config.client.userChannels,
    ...getCommonCfgPrices(config),
    wechatEnabled: !!config.wechat,
    wechatMpLoginEnabled: !!config.wechat?.mpToken,
  };
}

/** 'YYYY-MM-DD HH:mm' in Beijing time. */
function formatBeijing(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

export function getStatus(config: Config, user: User | null): Status {
  return {
    role: user ? user.role : -1,
    isvip: user ? isVipActive(user) : false,
    exptime: user?.vipExpiresAt ? formatBeijing(user.vipExpiresAt) : '',
    exphide: !user?.vipExpiresAt,
    isBindWechat: !!(user?.wechatOpenid || user?.wechatUnionid),
    isBindPhone: !!user?.phone,
    isVerify: !!user?.isVerified,
    identity: user?.identity ?? null,
    uguid: user?.uguid ?? null,
    commoncfg: commonCfg(config),
  };
}

/**
 * The version the client compares with its stored one: the web package's version and a
 * build id (BUILD_ID, else a hash of the built index.html, whose asset names change with
 * every build). The desktop app has its own version when DESKTOP_VERSION is set.
 */
export function makeWebVersion(config: Config): { web: string; electron: string } {
  let version = '0.0.0';
  try {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/package.json'), 'utf8'));
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // A missing package file leaves the default version; the build id still changes.
  }
  const indexFile = path.join(config.webDist, 'index.html');
  const build =
    config.client.buildId ??
    (existsSync(indexFile)
      ? createHash('sha256').update(readFileSync(indexFile)).digest('hex').slice(0, 10)
      : 'dev');
  const web = `${version}+${build}`;
  return { web, electron: config.client.desktopVersion ?? web };
}

/** Registers the client id when it is well-formed, or makes a new one. */
export async function checkClient(db: Db, given: string | undefined, caller: Caller): Promise<ClientCheck> {
  const isValid = !!given && CLIENT_ID.test(given);
  const id = isValid ? given : randomUUID();
  const [row] = await db
    .insert(clientIds)
    .values({ id, ip: caller.ip, userAgent: caller.userAgent })
    .onConflictDoUpdate({ target: clientIds.id, set: { lastSeenAt: sql`now()`, ip: caller.ip } })
    .returning({ createdAt: clientIds.createdAt, lastSeenAt: clientIds.lastSeenAt });
  return { ClientId: id, isNew: !isValid || row!.createdAt.getTime() === row!.lastSeenAt.getTime() };
}
