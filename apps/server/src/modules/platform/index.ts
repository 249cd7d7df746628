/** The platform module: liveness (API.md `GET /api/health`) and the development stream. */
import { defineModule } from '../../http/index.js';
import { platformRoutes } from './routes.js';

export const platformModule = defineModule({
  name: 'platform',
  setup: ({ config, platform }) => ({ routes: platformRoutes(config, platform) }),
});
