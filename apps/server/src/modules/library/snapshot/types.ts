/**
 * The library snapshot's tables: one per entity, rows in id order (row i of every column
 * is the i-th smallest id), with the columns the result cards show and the ones search and
 * matching rank on. Integers are Int32Array cells (NULL_INT for NULL), ids Float64Array
 * (bigserial; NaN for a NULL reference).
 */
import type { DictColumn, Dictionary, ListColumn, TextColumn } from './columns.js';

/** Dictionaries shared by the tables (a value is stored once however many rows have it). */
export interface SnapshotDictionaries {
  industries: Dictionary;
  regions: Dictionary;
  tags: Dictionary;
  /** Dates as text (`YYYY-MM-DD`, as `::text` gives them). */
  dates: Dictionary;
  /** Short repeated words: institution types, currencies, investor titles. */
  words: Dictionary;
}

export interface ProjectColumns {
  n: number;
  ids: Float64Array;
  name: TextColumn;
  brandName: TextColumn;
  industryId: DictColumn;
  industries: ListColumn;
  tags: ListColumn;
  stage: Int16Array;
  amountSought: Int32Array;
  provinceCode: DictColumn;
  cityCode: DictColumn;
  foundedYear: Int32Array;
  latestRoundAt: DictColumn;
  /** Days from 2000-01-01 to latestRoundAt (a sort key). */
  latestDay: Int32Array;
  latestRoundStage: Int32Array;
  totalRaised: Int32Array;
  logo: TextColumn;
  /** The first 600 characters. */
  description: TextColumn;
  isDemo: Uint8Array;
  /** The owner's user id (owner_user_id, or an `owner` relation), 0 for none. */
  owner: Float64Array;
}

export interface InstitutionColumns {
  n: number;
  ids: Float64Array;
  name: TextColumn;
  shortName: TextColumn;
  type: DictColumn;
  foundedYear: Int32Array;
  aumMin: Int32Array;
  aumMax: Int32Array;
  currency: DictColumn;
  regions: ListColumn;
  industries: ListColumn;
  stages: ListColumn;
  ticketMin: Int32Array;
  ticketMax: Int32Array;
  logo: TextColumn;
  /** The description, or else the thesis: the first 600 characters. */
  description: TextColumn;
  isDemo: Uint8Array;
}

export interface InvestorColumns {
  n: number;
  ids: Float64Array;
  name: TextColumn;
  institutionId: Float64Array;
  title: DictColumn;
  industries: ListColumn;
  stages: ListColumn;
  ticketMin: Int32Array;
  ticketMax: Int32Array;
  regions: ListColumn;
  avatar: TextColumn;
  /** The first 600 characters. */
  bio: TextColumn;
  isDemo: Uint8Array;
}

/** Rounds in id order. */
export interface RoundColumns {
  n: number;
  ids: Float64Array;
  project: Float64Array;
  /** Days since 1970-01-01. */
  day: Int32Array;
  stage: Int16Array;
  amount: Int32Array;
}

/** The rows of round_investors, in round order: `round` is the round's row in RoundColumns. */
export interface SeatColumns {
  n: number;
  round: Int32Array;
  institution: Float64Array;
  investor: Float64Array;
}

/** Interned token lists: row i's tokens are `ids[starts[i] .. starts[i + 1])`. */
export interface TokenLists {
  starts: Int32Array;
  ids: Int32Array;
}
