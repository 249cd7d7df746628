/** The account module: sign-in, sessions, the user's own profile, bans (API.md "Auth and account"). */
import { defineModule } from '../../http/index.js';
import { createAccountContext } from './context.js';
import { accountRootRoutes, accountRoutes } from './routes.js';

export { banIp, banUser, unbanIp, unbanUser } from './bans.js';
export { createIdentity } from './identity.js';
export { enforceLimits, type Limit } from './rate-counters.js';
export { createImSignCheck } from './secret.js';
export { shortenUrl } from './short-url.js';
export { findUserByRef, recordUserEvent } from './users.js';

export const accountModule = defineModule({
  name: 'account',
  setup: async ({ config, platform }) => {
    const ctx = await createAccountContext(config, platform);
    return { routes: accountRoutes(ctx), rootRoutes: accountRootRoutes(ctx) };
  },
});
