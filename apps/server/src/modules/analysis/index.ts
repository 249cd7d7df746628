/**
 * The project analysis module (API.md "Project analysis and business-plan diagnosis",
 * docs/analysis.md): a founder's business-plan diagnosis and an investor's first-pass memo,
 * every score with its evidence (deck pages) and its funded peers (library rounds). Plans are
 * read by the parsing module from the uploads module's files; the advice unlock is billing's
 * OptPerCharge; the chain place comes from the chain module.
 */
import { defineModule } from '../../http/index.js';
import { analysisRoutes } from './routes.js';

export { peerFigures } from './peers.js';
export { buildReport } from './run.js';
export { planCandidates } from './sample-specs.js';
export { parsePlan } from './sources.js';
export { adviceVisibleTo } from './store.js';

export const analysisModule = defineModule({
  name: 'analysis',
  setup: ({ config, platform }) => ({ routes: analysisRoutes(platform, config) }),
});
export {
  DEFECT_FLAGS,
  DEFECTS,
  type Defect,
  type PlanProject,
  type PlanSpec,
  planSlides,
  renderPlan,
} from './sample-plans.js';
