/**
 * The database schema: one file per area under ./tables, gathered here for Drizzle and
 * drizzle-kit. One migration history (../../drizzle) serves PGlite and PostgreSQL.
 */

export * from './tables/account.js';
export * from './tables/assistant.js';
export * from './tables/billing.js';
export * from './tables/library.js';
export * from './tables/llm.js';
export * from './tables/system.js';
export * from './tables/tracking.js';
export * from './tables/verification.js';
