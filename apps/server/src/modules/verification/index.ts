/** The verification module: business-card upload, the verification dialogue and the manual review queue. */
import { defineModule } from '../../http/index.js';
import { verificationRoutes } from './routes.js';
import { createPresignTarget } from './upload.js';

export { findCurrentCardUrl } from './cases.js';
export { listPendingCases, type ReviewDecision, reviewVerification, verifyUserManually } from './review.js';

export const verificationModule = defineModule({
  name: 'verification',
  setup: ({ config, platform, onClose }) => {
    const presign = config.storage ? createPresignTarget(config.storage) : undefined;
    if (presign) onClose(() => presign.client.destroy());
    const { database, storage, ocr } = platform;
    return { routes: verificationRoutes({ db: database.db, storage, ocr, presign }) };
  },
});
