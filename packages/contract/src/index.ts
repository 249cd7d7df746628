import { z } from 'zod';
import { zhCN } from 'zod/locales';

// Validation messages in Chinese everywhere the contract's schemas run.
z.config(zhCN());

export * from './access.js';
export * from './codes.js';
export * from './constants.js';
export * from './features.js';
export * from './labels.js';
export * from './mask.js';
export * from './messages.js';
export * from './routes.js';
export * from './schemas/account.js';
export * from './schemas/assistant.js';
export * from './schemas/billing.js';
export * from './schemas/common.js';
export * from './schemas/library.js';
export * from './schemas/library-reports.js';
export * from './schemas/matching.js';
export * from './schemas/platform.js';
export * from './schemas/verification.js';
