/**
 * The messaging module (API.md "Messaging"; docs/im.md): private chats and groups over
 * HTTP rows and the WebSocket /api/im/ws, with every message in the database under a
 * per-conversation seq and fan-out between server processes through the bus port.
 */
import { defineModule } from '../../http/index.js';
import { createImSignCheck } from '../account/index.js';
import type { ImContext } from './context.js';
import { groupRoutes } from './group-routes.js';
import { connectHub, SocketHub } from './hub.js';
import { moreRoutes } from './more-routes.js';
import { conversationRoutes } from './routes.js';

export { listGroupFiles } from './files.js';
export { closeReport, listOpenReports, type OpenReport } from './reports.js';

export const imModule = defineModule({
  name: 'im',
  async setup({ config, platform, log, onClose }) {
    const db = platform.database.db;
    const hub = new SocketHub();
    const fanout = await connectHub(platform.bus, hub, log);
    onClose(() => fanout.close());
    const ctx: ImContext = { db, deliver: fanout.deliver };
    const socketDeps = { ctx, hub, log, verifySign: createImSignCheck(db, config.authSecret) };
    return {
      routes: [...conversationRoutes(ctx, socketDeps), ...groupRoutes(ctx), ...moreRoutes(ctx, platform)],
    };
  },
});
