import type { TokenDictionary, Vocabulary } from './vectors.js';

/**
 * The matching engine's data: what it is built from (`MatchSource`: plain rows, read from
 * the database or taken from the demo generator in memory) and the in-process index it
 * builds (`MatchIndex`): compact project features and one profile per investor and per
 * institution (stated preferences plus the aggregated portfolio).
 */

export interface SourceEntity {
  id: number;
  name: string;
  /** Investor: title; institution: short name. */
  title: string;
  /** Institution type (VC, PE …); '' for investors. */
  type: string;
  avatar: string;
  institutionId: number | null;
  industries: string[];
  stages: number[];
  ticketMin: number | null;
  ticketMax: number | null;
  regions: string[];
  /** jieba tokens of the bio / thesis (search_tokens), interned in MatchSource.dictionary. */
  tokens: Int32Array;
  isDemo: boolean;
}

export interface SourceProject {
  id: number;
  name: string;
  industryId: string;
  industries: string[];
  tags: string[];
  stage: number;
  amount: number | null;
  provinceCode: string | null;
  cityCode: string | null;
  /** Interned in MatchSource.dictionary. */
  tokens: Int32Array;
  ownerUserId: number | null;
}

/** One investor's (or institution's) seat in a round. */
export interface SourceDeal {
  roundId: number;
  projectId: number;
  date: string;
  stage: number;
  amount: number | null;
  /** Institutions in the round (cheque ≈ amount / this). */
  investorCount: number;
  investorId: number | null;
  institutionId: number | null;
}

export interface MatchSource {
  /** "Today" for activity windows (YYYY-MM-DD). */
  now: string;
  dictionary: TokenDictionary;
  investors: SourceEntity[];
  institutions: SourceEntity[];
  projects: SourceProject[];
  deals: SourceDeal[];
}

/** A sparse, L2-normalised vector over the token vocabulary. */
export interface SparseVector {
  ids: Int32Array;
  weights: Float32Array;
}

/** One deal of an entity, compact (indexes into the project arrays). */
export interface EntityDeals {
  project: Int32Array;
  round: Int32Array;
  /** Days since 1970-01-01. */
  day: Int32Array;
  stage: Uint8Array;
  /** Round amount in 万元, NaN when undisclosed. */
  amount: Float32Array;
  investorCount: Uint8Array;
}

export type EntityKind = 'investor' | 'institution' | 'thesis';

/** An investor, an institution, or a free-text thesis, as the scorer sees it. */
export interface EntityProfile {
  kind: EntityKind;
  /** Index in its kind's array (-1 for a thesis). */
  idx: number;
  id: number;
  statedTops: Set<number>;
  statedSubs: Set<number>;
  statedStages: Set<number>;
  ticketMin: number | null;
  ticketMax: number | null;
  /** Province indexes; empty = open to every region. */
  statedProvinces: Set<number>;
  /** Number of deals (round seats). */
  n: number;
  topCounts: Map<number, number>;
  subCounts: Map<number, number>;
  stageCounts: Map<number, number>;
  provinceCounts: Map<number, number>;
  /** Competitor groups (sub + product line) of the portfolio → projects in them. */
  groupCounts: Map<number, number>;
  /** Projects in the portfolio (project indexes). */
  projects: Set<number>;
  /** ln(cheque) mean and spread over deals with a disclosed amount. */
  chequeLogMean: number;
  chequeLogSd: number;
  chequeCount: number;
  deals12: number;
  deals24: number;
  lastDealDay: number;
  portfolioVec: SparseVector;
  thesisVec: SparseVector;
  deals: EntityDeals;
  /** The sets and counts above as flat arrays, for the scorer's hot loop. */
  dense: DenseProfile;
}

/** Indexed by industry index (tops and subs), stage code (< 64) and province index (< 64). */
export interface DenseProfile {
  industryCount: Float32Array;
  industryStated: Uint8Array;
  stageCount: Float32Array;
  stageStated: Uint8Array;
  provinceCount: Float32Array;
  provinceStated: Uint8Array;
}

/** The features of one project the scorer reads (text similarity comes precomputed). */
export interface ProjectCore {
  /** Index in the project arrays, -1 for a profile not in the index (a description). */
  idx: number;
  /** Industry indexes (taxonomy.ts); sub -1 when only the top is known. */
  top: number;
  sub: number;
  stage: number;
  /** 万元, null when not stated. */
  amount: number | null;
  province: number;
  /** Competitor group (sub-industry + tags[0]), -1 when unknown. */
  group: number;
}

export interface ProjectFeatures extends ProjectCore {
  id: number;
  vec: SparseVector;
}

/** A project as the index keeps it (names for reasons; features in flat arrays). */
export interface ProjectTable {
  id: Int32Array;
  name: string[];
  top: Int16Array;
  sub: Int16Array;
  stage: Uint8Array;
  /** 万元, NaN when not stated. */
  amount: Float32Array;
  province: Int16Array;
  /** City code as a number, 0 when unknown. */
  city: Int32Array;
  group: Int32Array;
  /** The owner's user id, 0 for none. */
  owner: Float64Array;
  /** CSR vectors: project i's tokens are vecIds[vecStart[i] .. vecStart[i + 1]). */
  vecStart: Int32Array;
  vecIds: Int32Array;
  vecWeights: Float32Array;
  /** Project indexes per top industry index. */
  byTop: Map<number, Int32Array>;
  positionById: Map<number, number>;
  /** Competitor group names (tags[0]) by group index. */
  groupLabel: string[];
}

/** Investor or institution display fields, without the text the profile was built from. */
export type EntitySummary = Omit<SourceEntity, 'tokens'>;

export interface EntityBundle {
  kind: 'investor' | 'institution';
  summaries: EntitySummary[];
  profiles: EntityProfile[];
  positionById: Map<number, number>;
  /** Entity indexes per top industry index (stated or invested). */
  byTop: Map<number, Int32Array>;
}

export interface MatchIndex {
  builtAt: number;
  nowDay: number;
  vocabulary: Vocabulary;
  groupIndex: Map<string, number>;
  projects: ProjectTable;
  investors: EntityBundle;
  institutions: EntityBundle;
}
