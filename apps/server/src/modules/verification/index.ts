/** The verification module: business-card upload, the verification dialogue and the manual review queue. */
import { defineModule } from '../../http/index.js';
import { verificationRoutes } from './routes.js';

export { findCurrentCardUrl } from './cases.js';
export { listPendingCases, type ReviewDecision, reviewVerification, verifyUserManually } from './review.js';

export const verificationModule = defineModule({
  name: 'verification',
  setup: ({ platform }) => {
    const { database, storage, ocr } = platform;
    return { routes: verificationRoutes({ db: database.db, storage, ocr }) };
  },
});
