/**
 * The identity the HTTP layer asks on every request (http/access.ts): the user of a
 * session cookie and whether an IP is banned. IP bans made by any process (or the admin
 * command) reach this process's cache at once through the bus.
 */
import type { Identity } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import { createIpBanCache } from './bans.js';
import { createSessionLookup } from './sessions.js';

export async function createIdentity(platform: Platform): Promise<Identity & { close(): Promise<void> }> {
  const sessions = await createSessionLookup(platform.database);
  const ipBans = createIpBanCache(platform.database.db);
  const unsubscribe = await ipBans.listen(platform.bus);
  return {
    findUser: (token) => sessions.find(token),
    isIpBanned: (ip) => ipBans.isBanned(ip),
    async close() {
      await unsubscribe();
      await sessions.close();
    },
  };
}
