/**
 * The AI assistant module (API.md "AI chat, research chat, AI search"): conversations and
 * streamed answers, exports, AI search and the home page. Rows in routes.ts; the report
 * page vectors are kept up to date by a job (report-vectors.ts). docs/assistant.md.
 */
import { defineModule } from '../../http/index.js';
import { createGenerations } from './registry.js';
import { setUpReportRetrieval } from './report-retrieval.js';
import { assistantRoutes } from './routes.js';

export { conversationVisibleTo } from './conversations.js';

export const assistantModule = defineModule({
  name: 'assistant',
  setup: async (context) => {
    const { config, platform, onClose } = context;
    const generations = await createGenerations(platform.bus);
    onClose(() => generations.close());
    const jobs = await setUpReportRetrieval(context);
    return {
      routes: assistantRoutes({ db: platform.database.db, llm: platform.llm, config, generations }),
      jobs,
    };
  },
});
