/** The matching module: investors for a project, projects for an investor, and their reasons. */
import { defineModule } from '../../http/index.js';
import { registerMatchIndex } from './index-cache.js';
import { matchingRoutes } from './routes.js';

export { evaluateMatching } from './evaluate.js';
export { industryAdjacency, useIndustryAdjacency } from './taxonomy.js';
export { INDUSTRY_ADJACENCY, type IndustryAdjacency } from './weights.js';

export const matchingModule = defineModule({
  name: 'matching',
  setup: ({ platform }) => {
    const db = platform.database.db;
    // The index is a view of the library snapshot: built with it, after every library change.
    registerMatchIndex(db);
    return { routes: matchingRoutes(db) };
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
