/** The tracking module: events, page views and time on page (API.md "Tracking"). */
import { defineModule } from '../../http/index.js';
import { trackingRoutes } from './routes.js';

export { TRACK_PER_MINUTE } from './routes.js';

export const trackingModule = defineModule({
  name: 'tracking',
  setup: ({ platform }) => ({ routes: trackingRoutes(platform.database.db) }),
});
