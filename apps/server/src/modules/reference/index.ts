/**
 * Reference data: the industry taxonomy (with synonyms and supply-chain neighbours), regions
 * and stage names, in code. Synced into the `industries` and `regions` tables before the
 * server answers (`onReady`), so the library, the importer, the demo generator and matching
 * all name things the same way.
 */
import { defineModule } from '../../http/index.js';
import { syncReferenceData } from './sync.js';

export * from './industries.js';
export * from './regions.js';
export * from './search-fields.js';
export * from './stages.js';
export { syncReferenceData } from './sync.js';

export const referenceModule = defineModule({
  name: 'reference',
  setup: ({ platform, onReady }) => {
    onReady(() => syncReferenceData(platform.database.db));
    return {};
  },
});
