// Validation messages are Chinese wherever a schema runs: every schema module builds on
// schemas/zod.ts, which sets zod's locale.
export * from './access.js';
export * from './codes.js';
export * from './constants.js';
export * from './features.js';
export * from './highlight.js';
export * from './im-constants.js';
export * from './im-sync.js';
export * from './labels.js';
export * from './mask.js';
export * from './messages.js';
export * from './routes.js';
export * from './schemas/account.js';
export * from './schemas/analysis.js';
export * from './schemas/assistant.js';
export * from './schemas/billing.js';
export * from './schemas/chain.js';
export * from './schemas/common.js';
export * from './schemas/im.js';
export * from './schemas/knowledge.js';
export * from './schemas/library.js';
export * from './schemas/library-reports.js';
export * from './schemas/matching.js';
export * from './schemas/platform.js';
export * from './schemas/teaser.js';
export * from './schemas/uploads.js';
export * from './schemas/verification.js';
