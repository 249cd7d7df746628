/**
 * The uploads module: files uploaded in 4 MB slices to the storage port (a local folder or
 * S3), resumable, their kind read from their bytes, for the knowledge base, business plans
 * and messaging. Rows in routes.ts; what other modules use is exported here. Slices of
 * tickets that expire unfinished are removed by a scheduled job.
 */
import { defineModule } from '../../http/index.js';
import { cleanExpiredUploads } from './clean-expired.js';
import { uploadRoutes } from './routes.js';

export { cleanExpiredUploads } from './clean-expired.js';
export { completeUpload } from './complete-upload.js';
export {
  deleteUploadedFile,
  findUploadedFilesByHash,
  getUploadedFile,
  readUploadedFile,
  sha256Of,
  storeFile,
} from './files.js';
export { acceptedKind, CONTENT_TYPES, PURPOSE_KINDS, sniffUploadKind } from './kinds.js';
export { startUpload, TICKET_TTL_MS, type UploadDeps, uploadStatus } from './tickets.js';

export const CLEAN_EXPIRED_UPLOADS_JOB = 'uploads.clean-expired';

export const uploadsModule = defineModule({
  name: 'uploads',
  setup: ({ config, platform }) => {
    const db = platform.database.db;
    const deps = { db, storage: platform.storage, maxBytes: config.uploads.maxBytes };
    return {
      routes: uploadRoutes(deps),
      jobs: [
        {
          name: CLEAN_EXPIRED_UPLOADS_JOB,
          everyMs: 10 * 60_000,
          attempts: 1,
          run: async () => {
            await cleanExpiredUploads(db, platform.storage);
          },
        },
      ],
    };
  },
});
