/**
 * The database schema: one file per area under ./tables, gathered here for Drizzle and
 * drizzle-kit. One migration history (../../drizzle) serves PGlite and PostgreSQL.
 */

export * from './tables/account.js';
export * from './tables/analysis.js';
export * from './tables/assistant.js';
export * from './tables/billing.js';
export * from './tables/chain.js';
export * from './tables/im.js';
export * from './tables/knowledge.js';
export * from './tables/library.js';
export * from './tables/llm.js';
export * from './tables/system.js';
export * from './tables/teaser.js';
export * from './tables/tracking.js';
export * from './tables/uploads.js';
export * from './tables/verification.js';
