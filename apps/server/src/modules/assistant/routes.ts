/**
 * The AI assistant module (issue 6): chat and research chat, exports, AI search and the
 * home page. See docs/assistant.md.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../index.js';
import { chatRoutes } from './chat-routes.js';
import { setUpReportRetrieval } from './report-retrieval.js';

export const assistantRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, platform }) => {
  await setUpReportRetrieval(app, { config, platform });
  await app.register(chatRoutes, { config, platform });
};
