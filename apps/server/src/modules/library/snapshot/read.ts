/**
 * Reads the library tables once, in chunks by id, into the snapshot's compact columns (and,
 * for the builds that follow, the lexemes and tokens every row has). Every value is read as
 * the card queries of search/cards.ts select it — the same casts, the same `left(…, 600)` —
 * so a card made from the snapshot equals one made from a fresh row on either engine.
 * Between chunks the read yields to pending requests and stops once `isStale()` is true.
 */
import { type SQL, sql } from 'drizzle-orm';
import { Growable } from '../../../lib/growable.js';
import { type DatabaseEngine, type Db, selectRows } from '../../../platform/database/index.js';
import { timeSlicer } from '../search/index/postings.js';
import { DictColumnBuilder, Dictionary, ListColumnBuilder, TextColumnBuilder, toIntCell } from './columns.js';
import type {
  InstitutionColumns,
  InvestorColumns,
  ProjectColumns,
  RoundColumns,
  SeatColumns,
  SnapshotDictionaries,
  TokenLists,
} from './types.js';

const CHUNK = 2000;
const ROUND_CHUNK = 20_000;

export class SnapshotReadStopped extends Error {}

/** What each row carries for the search index and for the token-based builds (matching). */
export interface RowText {
  /** `lower()` of each name column. */
  lowerNames: string[];
  /** Lexemes of name_vector and search_vector, space-separated (as tsvector_to_array gives them). */
  nameLex: string;
  textLex: string;
}

export interface TextSink {
  add(position: number, text: RowText): void;
}

/** Interns the jieba tokens (`search_tokens`) of every row as numbers. */
export class TokenInterner {
  readonly words: string[] = [];
  private readonly ids = new Map<string, number>();

  lists(): TokenListsBuilder {
    return new TokenListsBuilder(this);
  }

  intern(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }
}

export class TokenListsBuilder {
  private readonly ids = new Growable((n) => new Int32Array(n));
  private readonly starts = new Growable((n) => new Int32Array(n));
  constructor(private readonly interner: TokenInterner) {
    this.starts.push(0);
  }

  add(text: string) {
    if (text) {
      for (const word of text.split(' ')) if (word) this.ids.push(this.interner.intern(word));
    }
    this.starts.push(this.ids.length);
  }

  build(): TokenLists {
    return { starts: this.starts.build(), ids: this.ids.build() };
  }
}

const lexemes = (column: string) => sql.raw(`array_to_string(tsvector_to_array(${column}), ' ')`);

/** How a build reads: on which engine, and whether it was overtaken by a change. */
export interface ReadControl {
  engine: DatabaseEngine;
  isStale(): boolean;
}

/**
 * Reads `select … from table where id > after order by id limit CHUNK` until the table ends.
 * PGlite hands a row to JS field by field, each text decoded on its own; one JSON text per row
 * (`row_to_json`), parsed natively, costs 35–45% less there on the project table (~24 fields).
 * On PostgreSQL the JSON would be built in the database, about 40% slower, so rows come as they are.
 * Either way a row has the same values: JSON keeps texts exactly, and every number here fits.
 */
async function readChunks<Row extends { id: number | string }>(
  db: Db,
  select: SQL,
  read: ReadControl,
  each: (row: Row) => void,
) {
  const slice = timeSlicer();
  let after = 0;
  for (;;) {
    if (read.isStale()) throw new SnapshotReadStopped();
    const chunk = sql`${select} where t.id > ${after} order by t.id limit ${CHUNK}`;
    const rows =
      read.engine === 'pglite'
        ? (
            await selectRows<{ row: string }>(
              db,
              sql`select row_to_json(r)::text as row from (${chunk}) r order by r.id`,
            )
          ).map((r) => JSON.parse(r.row) as Row)
        : await selectRows<Row>(db, chunk);
    for (const row of rows) each(row);
    await slice();
    if (rows.length < CHUNK) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * Narrow rows (a few numbers each) on PGlite: the whole answer as one JSON text
 * (`json_agg`), parsed natively — 150k rounds and 330k seats in 1.1 s instead of 3.4 s
 * field by field. As rows elsewhere.
 */
async function selectNarrowRows<Row>(db: Db, read: ReadControl, query: SQL, orderBy: string): Promise<Row[]> {
  if (read.engine !== 'pglite') return selectRows<Row>(db, query);
  const [answer] = await selectRows<{ rows: string | null }>(
    db,
    sql`select json_agg(r order by r.${sql.raw(orderBy)})::text as rows from (${query}) r`,
  );
  return answer?.rows ? (JSON.parse(answer.rows) as Row[]) : [];
}

interface RawProject {
  id: number | string;
  name: string;
  brand_name: string;
  industry_id: string;
  industries: string[] | null;
  tags: string[] | null;
  stage: number;
  amount_sought: number | null;
  province_code: string | null;
  city_code: string | null;
  founded_year: number | null;
  latest_round_at: string | null;
  latest_day: number | null;
  latest_round_stage: number | null;
  total_raised: number | null;
  logo: string;
  description: string;
  is_demo: boolean;
  owner_user_id: number | string | null;
  n0: string;
  n1: string;
  name_lex: string | null;
  text_lex: string | null;
  search_tokens: string;
}

export async function readProjects(
  db: Db,
  dict: SnapshotDictionaries,
  text: TextSink,
  tokens: TokenListsBuilder,
  read: ReadControl,
): Promise<ProjectColumns> {
  const owners = new Map<number, number>();
  for (const row of await selectRows<{ project_id: number | string; user_id: number | string }>(
    db,
    sql`select project_id, user_id from user_projects where relation = 'owner'`,
  ))
    owners.set(Number(row.project_id), Number(row.user_id));
  const ids = new Growable((n) => new Float64Array(n));
  const name = new TextColumnBuilder();
  const brandName = new TextColumnBuilder();
  const industryId = new DictColumnBuilder(dict.industries);
  const industries = new ListColumnBuilder(dict.industries);
  const tags = new ListColumnBuilder(dict.tags);
  const stage = new Growable((n) => new Int16Array(n));
  const amountSought = new Growable((n) => new Int32Array(n));
  const provinceCode = new DictColumnBuilder(dict.regions);
  const cityCode = new DictColumnBuilder(dict.regions);
  const foundedYear = new Growable((n) => new Int32Array(n));
  const latestRoundAt = new DictColumnBuilder(dict.dates);
  const latestDay = new Growable((n) => new Int32Array(n));
  const latestRoundStage = new Growable((n) => new Int32Array(n));
  const totalRaised = new Growable((n) => new Int32Array(n));
  const logo = new TextColumnBuilder();
  const description = new TextColumnBuilder();
  const isDemo = new Growable((n) => new Uint8Array(n));
  const owner = new Growable((n) => new Float64Array(n));
  await readChunks<RawProject>(
    db,
    sql`select t.id, t.name, t.brand_name, t.industry_id, t.industries, t.tags, t.stage, t.amount_sought,
      t.province_code, t.city_code, t.founded_year, t.latest_round_at::text as latest_round_at,
      (t.latest_round_at - date '2000-01-01') as latest_day, t.latest_round_stage, t.total_raised, t.logo,
      left(t.description, 600) as description, t.is_demo, t.owner_user_id, lower(t.name) as n0,
      lower(t.brand_name) as n1, ${lexemes('t.name_vector')} as name_lex,
      ${lexemes('t.search_vector')} as text_lex, t.search_tokens from projects t`,
    read,
    (r) => {
      const id = Number(r.id);
      text.add(ids.length, {
        lowerNames: [r.n0, r.n1],
        nameLex: r.name_lex ?? '',
        textLex: r.text_lex ?? '',
      });
      ids.push(id);
      name.add(r.name);
      brandName.add(r.brand_name);
      industryId.add(r.industry_id);
      industries.add(r.industries);
      tags.add(r.tags);
      stage.push(Number(r.stage));
      amountSought.push(toIntCell(r.amount_sought));
      provinceCode.add(r.province_code);
      cityCode.add(r.city_code);
      foundedYear.push(toIntCell(r.founded_year));
      latestRoundAt.add(r.latest_round_at);
      latestDay.push(toIntCell(r.latest_day));
      latestRoundStage.push(toIntCell(r.latest_round_stage));
      totalRaised.push(toIntCell(r.total_raised));
      logo.add(r.logo);
      description.add(r.description);
      isDemo.push(r.is_demo ? 1 : 0);
      owner.push(r.owner_user_id !== null ? Number(r.owner_user_id) : (owners.get(id) ?? 0));
      tokens.add(r.search_tokens);
    },
  );
  return {
    n: ids.length,
    ids: ids.build(),
    name: name.build(),
    brandName: brandName.build(),
    industryId: industryId.build(),
    industries: industries.build(),
    tags: tags.build(),
    stage: stage.build(),
    amountSought: amountSought.build(),
    provinceCode: provinceCode.build(),
    cityCode: cityCode.build(),
    foundedYear: foundedYear.build(),
    latestRoundAt: latestRoundAt.build(),
    latestDay: latestDay.build(),
    latestRoundStage: latestRoundStage.build(),
    totalRaised: totalRaised.build(),
    logo: logo.build(),
    description: description.build(),
    isDemo: isDemo.build(),
    owner: owner.build(),
  };
}

interface RawInstitution {
  id: number | string;
  name: string;
  short_name: string;
  type: string;
  founded_year: number | null;
  aum_min: number | null;
  aum_max: number | null;
  currency: string;
  regions: string[] | null;
  industries: string[] | null;
  stages: number[] | null;
  ticket_min: number | null;
  ticket_max: number | null;
  logo: string;
  description: string;
  is_demo: boolean;
  n0: string;
  n1: string;
  name_lex: string | null;
  text_lex: string | null;
  search_tokens: string;
}

export async function readInstitutions(
  db: Db,
  dict: SnapshotDictionaries,
  text: TextSink,
  tokens: TokenListsBuilder,
  read: ReadControl,
): Promise<InstitutionColumns> {
  const ids = new Growable((n) => new Float64Array(n));
  const name = new TextColumnBuilder();
  const shortName = new TextColumnBuilder();
  const type = new DictColumnBuilder(dict.words);
  const foundedYear = new Growable((n) => new Int32Array(n));
  const aumMin = new Growable((n) => new Int32Array(n));
  const aumMax = new Growable((n) => new Int32Array(n));
  const currency = new DictColumnBuilder(dict.words);
  const regions = new ListColumnBuilder(dict.regions);
  const industries = new ListColumnBuilder(dict.industries);
  const stages = new ListColumnBuilder();
  const ticketMin = new Growable((n) => new Int32Array(n));
  const ticketMax = new Growable((n) => new Int32Array(n));
  const logo = new TextColumnBuilder();
  const description = new TextColumnBuilder();
  const isDemo = new Growable((n) => new Uint8Array(n));
  await readChunks<RawInstitution>(
    db,
    sql`select t.id, t.name, t.short_name, t.type, t.founded_year, t.aum_min, t.aum_max, t.currency, t.regions,
      t.industries, t.stages, t.ticket_min, t.ticket_max, t.logo,
      left(coalesce(nullif(t.description, ''), t.thesis), 600) as description, t.is_demo,
      lower(t.name) as n0, lower(t.short_name) as n1, ${lexemes('t.name_vector')} as name_lex,
      ${lexemes('t.search_vector')} as text_lex, t.search_tokens from institutions t`,
    read,
    (r) => {
      text.add(ids.length, {
        lowerNames: [r.n0, r.n1],
        nameLex: r.name_lex ?? '',
        textLex: r.text_lex ?? '',
      });
      ids.push(Number(r.id));
      name.add(r.name);
      shortName.add(r.short_name);
      type.add(r.type);
      foundedYear.push(toIntCell(r.founded_year));
      aumMin.push(toIntCell(r.aum_min));
      aumMax.push(toIntCell(r.aum_max));
      currency.add(r.currency);
      regions.add(r.regions);
      industries.add(r.industries);
      stages.add(r.stages);
      ticketMin.push(toIntCell(r.ticket_min));
      ticketMax.push(toIntCell(r.ticket_max));
      logo.add(r.logo);
      description.add(r.description);
      isDemo.push(r.is_demo ? 1 : 0);
      tokens.add(r.search_tokens);
    },
  );
  return {
    n: ids.length,
    ids: ids.build(),
    name: name.build(),
    shortName: shortName.build(),
    type: type.build(),
    foundedYear: foundedYear.build(),
    aumMin: aumMin.build(),
    aumMax: aumMax.build(),
    currency: currency.build(),
    regions: regions.build(),
    industries: industries.build(),
    stages: stages.build(),
    ticketMin: ticketMin.build(),
    ticketMax: ticketMax.build(),
    logo: logo.build(),
    description: description.build(),
    isDemo: isDemo.build(),
  };
}

interface RawInvestor {
  id: number | string;
  name: string;
  institution_id: number | string | null;
  title: string;
  industries: string[] | null;
  stages: number[] | null;
  ticket_min: number | null;
  ticket_max: number | null;
  regions: string[] | null;
  avatar: string;
  bio: string;
  is_demo: boolean;
  n0: string;
  name_lex: string | null;
  text_lex: string | null;
  search_tokens: string;
}

export async function readInvestors(
  db: Db,
  dict: SnapshotDictionaries,
  text: TextSink,
  tokens: TokenListsBuilder,
  read: ReadControl,
): Promise<InvestorColumns> {
  const ids = new Growable((n) => new Float64Array(n));
  const name = new TextColumnBuilder();
  const institutionId = new Growable((n) => new Float64Array(n));
  const title = new DictColumnBuilder(dict.words);
  const industries = new ListColumnBuilder(dict.industries);
  const stages = new ListColumnBuilder();
  const ticketMin = new Growable((n) => new Int32Array(n));
  const ticketMax = new Growable((n) => new Int32Array(n));
  const regions = new ListColumnBuilder(dict.regions);
  const avatar = new TextColumnBuilder();
  const bio = new TextColumnBuilder();
  const isDemo = new Growable((n) => new Uint8Array(n));
  await readChunks<RawInvestor>(
    db,
    sql`select t.id, t.name, t.institution_id, t.title, t.industries, t.stages, t.ticket_min, t.ticket_max,
      t.regions, t.avatar, left(t.bio, 600) as bio, t.is_demo, lower(t.name) as n0,
      ${lexemes('t.name_vector')} as name_lex, ${lexemes('t.search_vector')} as text_lex, t.search_tokens
      from investors t`,
    read,
    (r) => {
      text.add(ids.length, { lowerNames: [r.n0], nameLex: r.name_lex ?? '', textLex: r.text_lex ?? '' });
      ids.push(Number(r.id));
      name.add(r.name);
      institutionId.push(r.institution_id === null ? Number.NaN : Number(r.institution_id));
      title.add(r.title);
      industries.add(r.industries);
      stages.add(r.stages);
      ticketMin.push(toIntCell(r.ticket_min));
      ticketMax.push(toIntCell(r.ticket_max));
      regions.add(r.regions);
      avatar.add(r.avatar);
      bio.add(r.bio);
      isDemo.push(r.is_demo ? 1 : 0);
      tokens.add(r.search_tokens);
    },
  );
  return {
    n: ids.length,
    ids: ids.build(),
    name: name.build(),
    institutionId: institutionId.build(),
    title: title.build(),
    industries: industries.build(),
    stages: stages.build(),
    ticketMin: ticketMin.build(),
    ticketMax: ticketMax.build(),
    regions: regions.build(),
    avatar: avatar.build(),
    bio: bio.build(),
    isDemo: isDemo.build(),
  };
}

/** Every round (by id) and every seat in one (by round): what deal counts and match profiles are made of. */
export async function readRounds(
  db: Db,
  read: ReadControl,
): Promise<{ rounds: RoundColumns; seats: SeatColumns }> {
  const slice = timeSlicer();
  const id = new Growable((n) => new Float64Array(n));
  const project = new Growable((n) => new Float64Array(n));
  const day = new Growable((n) => new Int32Array(n));
  const stage = new Growable((n) => new Int16Array(n));
  const amount = new Growable((n) => new Int32Array(n));
  const seatRound = new Growable((n) => new Int32Array(n));
  const seatInstitution = new Growable((n) => new Float64Array(n));
  const seatInvestor = new Growable((n) => new Float64Array(n));
  let after = 0;
  for (;;) {
    if (read.isStale()) throw new SnapshotReadStopped();
    const rows = await selectNarrowRows<{
      id: number | string;
      project_id: number | string;
      day: number;
      stage: number;
      amount: number | null;
    }>(
      db,
      read,
      sql`select id, project_id, (date - date '1970-01-01') as day, stage, amount from rounds
        where id > ${after} order by id limit ${ROUND_CHUNK}`,
      'id',
    );
    if (!rows.length) break;
    const first = id.length;
    for (const r of rows) {
      id.push(Number(r.id));
      project.push(Number(r.project_id));
      day.push(Number(r.day));
      stage.push(Number(r.stage));
      amount.push(toIntCell(r.amount));
    }
    const last = Number(rows[rows.length - 1]!.id);
    const seats = await selectNarrowRows<{
      round_id: number | string;
      institution_id: number | string | null;
      investor_id: number | string | null;
    }>(
      db,
      read,
      sql`select round_id, institution_id, investor_id from round_investors
        where round_id > ${after} and round_id <= ${last} order by round_id`,
      'round_id',
    );
    // Rounds are in id order, seats in round order: walk both.
    let at = 0;
    for (const s of seats) {
      const round = Number(s.round_id);
      while (Number(rows[at]!.id) < round) at++;
      seatRound.push(first + at);
      seatInstitution.push(s.institution_id === null ? Number.NaN : Number(s.institution_id));
      seatInvestor.push(s.investor_id === null ? Number.NaN : Number(s.investor_id));
    }
    after = last;
    await slice();
    if (rows.length < ROUND_CHUNK) break;
  }
  return {
    rounds: {
      n: id.length,
      ids: id.build(),
      project: project.build(),
      day: day.build(),
      stage: stage.build(),
      amount: amount.build(),
    },
    seats: {
      n: seatRound.length,
      round: seatRound.build(),
      institution: seatInstitution.build(),
      investor: seatInvestor.build(),
    },
  };
}

export function newDictionaries(): SnapshotDictionaries {
  return {
    industries: new Dictionary(),
    regions: new Dictionary(),
    tags: new Dictionary(),
    dates: new Dictionary(),
    words: new Dictionary(),
  };
}
