/**
 * Industry chains: one chain per top industry, versioned (every edit is a new row of
 * `chain_versions` holding the whole definition); the current version's segments and nodes
 * as rows for SQL; placements of projects and institutions on nodes with a confidence,
 * written a generation at a time by the rebuild job (readers see the last finished one);
 * and the analyses users asked for, stored so they can be read again.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The chain of a top industry; `id` is the industry id. */
export const chains = pgTable('chains', {
  id: text('id').primaryKey(),
  industryId: text('industry_id').notNull(),
  name: text('name').notNull(),
  /** The current version (a row of `chain_versions`). */
  version: integer('version').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const chainVersions = pgTable(
  'chain_versions',
  {
    chainId: text('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The whole definition (segments, nodes, mappings) as the chain module's ChainDef. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    /** `seed` (from code) or `admin` (edited from the admin CLI). */
    source: text('source', { enum: ['seed', 'admin'] }).notNull(),
    hash: varchar('hash', { length: 32 }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.version] })],
);

/** The current version's segments: 上游, 中游, 下游 with what they are in this industry. */
export const chainSegments = pgTable(
  'chain_segments',
  {
    chainId: text('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'cascade' }),
    key: text('key', { enum: ['up', 'mid', 'down'] }).notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    sort: smallint('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.key] })],
);

/** The current version's nodes; a finer node (deep chain) has `parent_id`. Ids: `nev/battery`, `nev/battery/solid`. */
export const chainNodes = pgTable(
  'chain_nodes',
  {
    id: text('id').primaryKey(),
    chainId: text('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    segment: text('segment', { enum: ['up', 'mid', 'down'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    subIndustries: text('sub_industries').array().notNull().default(sql`'{}'`),
    keywords: text('keywords').array().notNull().default(sql`'{}'`),
    /** Ids of the nodes this one supplies. */
    feeds: text('feeds').array().notNull().default(sql`'{}'`),
    /** Expected to hold no company in the library (shown as empty, not as missing). */
    isSparse: boolean('is_sparse').notNull().default(false),
    sort: integer('sort').notNull(),
  },
  (t) => [index('chain_nodes_chain_idx').on(t.chainId, t.sort)],
);

/** One rebuild of the placements; readers use the latest `done` generation. */
export const chainBuilds = pgTable('chain_builds', {
  generation: bigserial('generation', { mode: 'number' }).primaryKey(),
  state: text('state', { enum: ['building', 'done', 'failed'] })
    .notNull()
    .default('building'),
  /** What it was built from: library counts and change times, and the definitions' hashes. */
  fingerprint: text('fingerprint').notNull(),
  projects: integer('projects').notNull().default(0),
  institutions: integer('institutions').notNull().default(0),
  placements: integer('placements').notNull().default(0),
  ms: integer('ms'),
  error: text('error'),
  startedAt: at('started_at').notNull().defaultNow(),
  finishedAt: at('finished_at'),
});

export const chainPlacements = pgTable(
  'chain_placements',
  {
    generation: bigint('generation', { mode: 'number' }).notNull(),
    entityType: text('entity_type', { enum: ['project', 'institution'] }).notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    chainId: text('chain_id').notNull(),
    confidence: real('confidence').notNull(),
    /** What placed it: `sub:<id>`, `tag:<word>`, `text:<word>`, `deals:<n>`. */
    matched: text('matched').array().notNull().default(sql`'{}'`),
    /** Projects: the latest round's date, so a node's list pages without a join. */
    latestRoundAt: date('latest_round_at', { mode: 'string' }),
    /** Projects: the total raised (万元), so sorting a node's list by it reads no project rows. */
    totalRaised: integer('total_raised'),
  },
  (t) => [
    // No primary key: the rebuild writes each (generation, entity, node) once, and every
    // index costs the rebuild about 2 s of CPU per 100k projects (bench:chain). This one
    // serves a node's rows of either kind (companies newest round first, read a page at a
    // time; institutions by confidence), the next a project's places, the last a chain's.
    index('chain_placements_node_latest_idx').on(
      t.generation,
      t.entityType,
      t.nodeId,
      sql`${t.latestRoundAt} desc nulls last`,
      sql`${t.entityId} desc`,
    ),
    index('chain_placements_entity_idx').on(t.generation, t.entityType, t.entityId),
    index('chain_placements_chain_idx').on(t.generation, t.chainId, t.entityType),
  ],
);

/** An analysis of a chain or a node, as it was streamed; the owner reads it again with getAnalyse. */
export const chainAnalyses = pgTable(
  'chain_analyses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull().default(''),
    chainId: text('chain_id').notNull(),
    /** Null for the whole chain. */
    nodeId: text('node_id'),
    engine: text('engine').notNull(),
    model: text('model').notNull().default(''),
    status: text('status', { enum: ['streaming', 'done', 'stopped', 'error'] }).notNull(),
    content: text('content').notNull().default(''),
    /** The figures the text was written from (ChainAnalysisFacts). */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    /** Cited rounds and report pages, numbered as in the text. */
    citations: jsonb('citations').$type<Record<string, unknown>[]>().notNull().default([]),
    generation: bigint('generation', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('chain_analyses_user_idx').on(t.userId, t.chainId, t.createdAt),
    index('chain_analyses_client_idx').on(t.clientId, t.chainId, t.createdAt),
  ],
);
