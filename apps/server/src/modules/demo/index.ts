/**
 * The demo generator: a deterministic, fictional library (institutions, investors, projects,
 * rounds, reports, news) drawn from latent investor preferences (docs/demo-data.md). Loaded
 * into an empty library before the server answers unless DEMO_DATA=false; `npm run seed`
 * loads it by hand. The latent preferences are the truth `npm run eval:match` scores against.
 */
import { defineModule } from '../../http/index.js';
import { loadDemoAtStart } from './load-at-start.js';

export { generateDemoData, resolveCounts } from './generate.js';
export { insertDataset, readIdOffsets, tidyLibraryIndexes } from './insert-dataset.js';
export {
  DEFAULT_DEMO_SEED,
  DEMO_META_KEY,
  hasLibraryData,
  type LoadDemoOptions,
  type LoadDemoResult,
  loadDemoData,
} from './load.js';
export type {
  DemoCounts,
  DemoDataset,
  DemoInstitution,
  DemoInvestor,
  DemoProject,
  DemoRound,
  LatentPreference,
  ScaleName,
} from './types.js';

export const demoModule = defineModule({
  name: 'demo',
  setup: ({ config, platform, log, onReady }) => {
    if (config.demoData.enabled) onReady(() => loadDemoAtStart(platform, config, log));
    return {};
  },
});
