/** The matching module: investors for a project, projects for an investor, and their reasons. */
import { defineModule } from '../../http/index.js';
import { registerMatchIndex } from './index-cache.js';
import { matchingRoutes } from './routes.js';

export { evaluateMatching } from './evaluate.js';
export { industryAdjacency, useIndustryAdjacency } from './taxonomy.js';
export { INDUSTRY_ADJACENCY, type IndustryAdjacency } from './weights.js';

export const matchingModule = defineModule({
  name: 'matching',
  setup: async ({ config, platform, log, onReady, onClose }) => {
    const db = platform.database.db;
    // Outside tests the index (it reads the whole library) is built before the first match asks.
    const matchIndex = await registerMatchIndex(db, {
      eager: config.env !== 'test',
      jobs: platform.jobs,
      bus: platform.bus,
      log,
    });
    onReady(() => matchIndex.start());
    onClose(() => matchIndex.stop());
    return { routes: matchingRoutes(db), jobs: [matchIndex.job()] };
  },
});

// The assistant's analyst (issue 15): projects that fit an investor's thesis.
export { matchProjectsForInvestor } from './investor-side.js';
// Teasers (issue 17): matching for profiles that are not library projects, both ways.
export { parseDescription } from './parse-description.js';
export {
  type MatchProfileFields,
  matchInvestorsForProfile,
  type ProfileCandidate,
  type ScoredCandidate,
  scoreProfilesForSeeker,
} from './profile-match.js';
export { VIP_BOOST, VIP_MIN_BASE } from './weights.js';
