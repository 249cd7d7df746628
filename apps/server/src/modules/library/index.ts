/**
 * The library module: institutions, investors, projects, reports and their search, the
 * user's relations to them, and the admin import. Other areas use what is exported here.
 */
import { defineModule } from '../../http/index.js';
import { renderMissingReportPdfs } from './report-pdf.js';
import { libraryRoutes } from './routes.js';
import { configureSearchCache, listenForLibraryChanges } from './search/cache.js';
import { clearVocabulary } from './search/vocabulary.js';
import { registerLibrarySnapshot } from './snapshot/snapshot.js';

export { IMPORT_KINDS, type ImportKind } from './import/columns.js';
export { type ImportReport, summarizeImport } from './import/import-library.js';
export { importAndAnnounce } from './import/run-import.js';
export { FINANCING_NEED_KIND, getFinancingNeedsLimit } from './queries/financing-needs.js';
export { listSampleReports, searchReports } from './queries/reports.js';
export { renderMissingReportPdfs } from './report-pdf.js';
export { LIBRARY_CHANGED_CHANNEL, notifyLibraryChanged } from './search/cache.js';
// Searching the library with a person's words (the assistant's retrieval).
export { industryNames, type ParsedKeyword, type QueryReading, readQuery } from './search/read-query.js';
export { searchInvestors } from './search/search-investors.js';
export { searchOrgs as searchInstitutions } from './search/search-orgs.js';
export { searchProjects } from './search/search-projects.js';
export {
  type DictColumn,
  type Dictionary,
  intOrNull,
  type ListColumn,
  NULL_INT,
  type TextColumn,
} from './snapshot/columns.js';
export {
  addLibrarySnapshotView,
  type LibrarySnapshot,
  readyLibrarySnapshot,
  refreshLibrarySnapshot,
  SNAPSHOT_JOB,
  type SnapshotBuild,
  type SnapshotViewBuilder,
  whenLibrarySnapshotReady,
} from './snapshot/snapshot.js';
export type {
  InstitutionColumns,
  InvestorColumns,
  ProjectColumns,
  RoundColumns,
  SeatColumns,
  TokenLists,
} from './snapshot/types.js';

const RENDER_PDFS = 'library.render-report-pdfs';

export const libraryModule = defineModule({
  name: 'library',
  setup: async ({ config, platform, log, onReady, onClose }) => {
    const db = platform.database.db;
    configureSearchCache(config.searchCacheSeconds);
    const unsubscribe = await listenForLibraryChanges(platform.bus, db, () => clearVocabulary(db));
    // The library read once into memory: the search index and other modules' views (matching) are built from it.
    const snapshot = registerLibrarySnapshot(db, {
      engine: platform.database.engine,
      eager: config.env !== 'test',
      jobs: platform.jobs,
      log,
    });
    onReady(() => snapshot.start());
    // Outside tests (whose fixtures come after the start): the PDFs a previous start or a demo
    // load left unrendered, after the modules' onReady work (the demo load) is done.
    if (config.env !== 'test') onReady(() => platform.jobs.enqueue(RENDER_PDFS).then(() => {}));
    onClose(async () => {
      snapshot.stop();
      await unsubscribe();
    });
    return {
      routes: libraryRoutes(config, platform),
      jobs: [
        snapshot.job(),
        {
          name: RENDER_PDFS,
          // A later start finishes what is missing, and a viewer's request renders its own.
          attempts: 1,
          run: async (_data, { signal }) => {
            const count = await renderMissingReportPdfs(platform, signal);
            if (count) log.info({ event: 'library.reports.rendered', count }, '研报 PDF 已生成');
          },
        },
      ],
    };
  },
});

// The assistant's analyst tools (issue 15): numbers over rounds, activity rankings, named records.
export * from './analytics.js';
export * from './analytics-terms.js';
