import type { ProfileStore, StoredProfile } from './profile-store.js';
import type { Vocabulary } from './vectors.js';

/**
 * The matching engine's data: what it is built from (`MatchSource`: columns, taken from the
 * library snapshot or from the demo generator in memory) and the in-process index it builds
 * (`MatchIndex`): compact project features and one profile per investor and per institution
 * (stated preferences plus the aggregated portfolio), stored column-wise (profile-store.ts).
 */

/** Interned token lists: row i's tokens are `ids[starts[i] .. starts[i + 1])`. */
export interface TokenLists {
  starts: Int32Array;
  ids: Int32Array;
}

/** Investor or institution display fields (read from the source when a page needs them). */
export interface EntitySummary {
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
  isDemo: boolean;
}

/** Investors or institutions, row by row (ids ascending or not). */
export interface EntitySource {
  n: number;
  ids: ArrayLike<number>;
  industries(i: number): readonly string[];
  stages(i: number): ArrayLike<number>;
  ticketMin(i: number): number | null;
  ticketMax(i: number): number | null;
  regions(i: number): readonly string[];
  /** jieba tokens of the bio / thesis (search_tokens), interned in MatchSource.words. */
  tokens: TokenLists;
  summary(i: number): EntitySummary;
}

export interface ProjectSource {
  n: number;
  ids: ArrayLike<number>;
  /** The display name (brand, else registered name). */
  name(i: number): string;
  industryId(i: number): string;
  industries(i: number): readonly string[];
  firstTag(i: number): string | undefined;
  stage(i: number): number;
  amount(i: number): number | null;
  provinceCode(i: number): string | null;
  cityCode(i: number): string | null;
  /** Interned in MatchSource.words. */
  tokens: TokenLists;
  /** The owner's user id, 0 for none. */
  owner(i: number): number;
}

/** Every investor's (or institution's) seat in a round, grouped by round. */
export interface DealSource {
  n: number;
  roundId(k: number): number;
  projectId(k: number): number;
  /** Days since 1970-01-01. */
  day(k: number): number;
  stage(k: number): number;
  amount(k: number): number | null;
  /** Institutions in the round (cheque ≈ amount / this). */
  investorCount(k: number): number;
  investorId(k: number): number | null;
  institutionId(k: number): number | null;
}

export interface MatchSource {
  /** "Today" for activity windows (YYYY-MM-DD). */
  now: string;
  /** Token texts by interned id. */
  words: readonly string[];
  investors: EntitySource;
  institutions: EntitySource;
  projects: ProjectSource;
  deals: DealSource;
}

/** Vector indexes: 16-bit while the vocabulary has at most 65,536 tokens (half the memory). */
export type VectorIds = Int32Array | Uint16Array;

/** A sparse, L2-normalised vector over the token vocabulary. */
export interface SparseVector {
  ids: VectorIds;
  weights: Float32Array;
}

/** One deal of an entity, compact (indexes into the project arrays). */
export interface EntityDeals {
  project: Int32Array;
  round: Float64Array;
  /** Days since 1970-01-01. */
  day: Int32Array;
  stage: Uint8Array;
  /** Round amount in 万元, NaN when undisclosed. */
  amount: Float32Array;
  investorCount: Uint8Array;
}

export type EntityKind = 'investor' | 'institution' | 'thesis';

/** An investor, an institution, or a free-text thesis, as the scorer sees it (profile-store.ts). */
export type EntityProfile = StoredProfile;

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

/** A project as the index keeps it (features in flat arrays; names read from the source). */
export interface ProjectTable {
  id: Float64Array;
  /** The display name of project i. */
  name(i: number): string;
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
  vecIds: VectorIds;
  vecWeights: Float32Array;
  /** Tokens in the vocabulary (the range of vector indexes). */
  vocabularySize: number;
  /** Project indexes per top industry index. */
  byTop: Map<number, Int32Array>;
  /** The index of a project id, -1 when it is not in the index. */
  position(id: number): number;
  /** Competitor group names (tags[0]) by group index. */
  groupLabel: string[];
}

export interface EntityBundle {
  kind: 'investor' | 'institution';
  size: number;
  summary(idx: number): EntitySummary;
  profiles: ProfileStore;
  /** A view of profile idx (made on each call: keep it only as long as you need it). */
  profile(idx: number): EntityProfile;
  /** The index of an entity id, -1 when it is not in the index. */
  position(id: number): number;
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
