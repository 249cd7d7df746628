/**
 * The AI assistant's rows (issue 6): chat and research chat, exports, AI search and the
 * home page. See docs/assistant.md.
 */
import type { Route } from '../../http/index.js';
import { chatRoutes } from './chat-routes.js';
import type { AssistantDeps } from './context.js';
import { exportRoutes } from './export-routes.js';
import { searchRoutes } from './search-routes.js';

export function assistantRoutes(deps: AssistantDeps): Route[] {
  return [...chatRoutes(deps), ...exportRoutes(deps), ...searchRoutes(deps)];
}
