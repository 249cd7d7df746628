/**
 * Builds the search index of a database from the library tables: projects, institutions
 * and investors are read in chunks by id (the server keeps answering between chunks; on
 * PGlite every query waits for the one before), with their lexemes exactly as the stored
 * vectors hold them (`tsvector_to_array`) and their names as `lower()` gives them, so the
 * index matches what the SQL matches on either engine.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../../platform/database/index.js';
import { EntityIndex, type EntityIndexData, type RowOrder } from './entity-index.js';
import { GroupsBuilder, PostingsBuilder, timeSlicer } from './postings.js';

const CHUNK = 1000;

export class BuildCancelled extends Error {}

interface Loaded {
  id: number;
  names: string[];
  industries: string[];
  stages: number[];
  regions: string[];
  amountLo: number | null;
  amountHi: number | null;
  founded?: number | null;
  type?: string;
  institution?: number | null;
  /** Sort keys, each ordered `desc nulls last, id desc`; `recency` numbers the rows. */
  keys: Record<string, number | null>;
}

interface EntityLoader<Raw> {
  select: SQL;
  /** The optional columns this entity filters on. */
  has: { founded?: boolean; type?: boolean; institution?: boolean };
  read(raw: Raw): Loaded;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const lexemes = (column: string) => sql.raw(`array_to_string(tsvector_to_array(${column}), ' ') as`);

interface RawCommon {
  id: number | string;
  name_lex: string | null;
  text_lex: string | null;
}

type RawProject = RawCommon & {
  n0: string;
  n1: string;
  industry_id: string;
  industries: string[] | null;
  stage: number;
  amount_sought: number | null;
  province_code: string | null;
  city_code: string | null;
  founded_year: number | null;
  latest: number | null;
};

const projectLoader: EntityLoader<RawProject> = {
  has: { founded: true },
  select: sql`select p.id, lower(p.name) as n0, lower(p.brand_name) as n1, p.industry_id, p.industries, p.stage,
    p.amount_sought, p.province_code, p.city_code, p.founded_year,
    (p.latest_round_at - date '2000-01-01') as latest,
    ${lexemes('p.name_vector')} name_lex, ${lexemes('p.search_vector')} text_lex from projects p`,
  read: (r) => ({
    id: Number(r.id),
    names: [r.n0, r.n1],
    industries: [r.industry_id, ...(r.industries ?? [])],
    stages: [Number(r.stage)],
    regions: [r.province_code, r.city_code].filter((c): c is string => !!c),
    amountLo: num(r.amount_sought),
    amountHi: num(r.amount_sought),
    founded: num(r.founded_year),
    keys: { recency: num(r.latest), amount: num(r.amount_sought) },
  }),
};

type RawOrg = RawCommon & {
  n0: string;
  n1: string;
  industries: string[] | null;
  stages: number[] | null;
  regions: string[] | null;
  ticket_min: number | null;
  ticket_max: number | null;
  founded_year: number | null;
  type: string;
  aum_max: number | null;
};

const orgLoader: EntityLoader<RawOrg> = {
  has: { founded: true, type: true },
  select: sql`select i.id, lower(i.name) as n0, lower(i.short_name) as n1, i.industries, i.stages, i.regions,
    i.ticket_min, i.ticket_max, i.founded_year, i.type, i.aum_max,
    ${lexemes('i.name_vector')} name_lex, ${lexemes('i.search_vector')} text_lex from institutions i`,
  read: (r) => ({
    id: Number(r.id),
    names: [r.n0, r.n1],
    industries: r.industries ?? [],
    stages: (r.stages ?? []).map(Number),
    regions: r.regions ?? [],
    amountLo: num(r.ticket_min),
    amountHi: num(r.ticket_max),
    founded: num(r.founded_year),
    type: r.type,
    keys: { recency: num(r.aum_max) },
  }),
};

type RawInvestor = RawCommon & {
  n0: string;
  industries: string[] | null;
  stages: number[] | null;
  regions: string[] | null;
  ticket_min: number | null;
  ticket_max: number | null;
  institution_id: number | string | null;
};

const investorLoader: EntityLoader<RawInvestor> = {
  has: { institution: true },
  select: sql`select v.id, lower(v.name) as n0, v.industries, v.stages, v.regions, v.ticket_min, v.ticket_max,
    v.institution_id, ${lexemes('v.name_vector')} name_lex, ${lexemes('v.search_vector')} text_lex
    from investors v`,
  read: (r) => ({
    id: Number(r.id),
    names: [r.n0],
    industries: r.industries ?? [],
    stages: (r.stages ?? []).map(Number),
    regions: r.regions ?? [],
    amountLo: num(r.ticket_min),
    amountHi: num(r.ticket_max),
    institution: num(r.institution_id),
    keys: { recency: null, amount: num(r.ticket_max) },
  }),
};

/** Per institution (or investor): deals taken part in, and the date of the newest. */
async function dealStats(db: Db, column: 'institution_id' | 'investor_id') {
  const rows = await selectRows<{ id: number | string; deals: number | string; last_deal: number | null }>(
    db,
    sql`select ri.${sql.raw(column)} as id, count(distinct ri.round_id) as deals,
      max(r.date) - date '2000-01-01' as last_deal
      from round_investors ri join rounds r on r.id = ri.round_id
      where ri.${sql.raw(column)} is not null group by ri.${sql.raw(column)}`,
  );
  const deals = new Map<number, number>();
  const lastDeal = new Map<number, number>();
  for (const row of rows) {
    deals.set(Number(row.id), Number(row.deals));
    if (row.last_deal !== null) lastDeal.set(Number(row.id), Number(row.last_deal));
  }
  return { deals, lastDeal };
}

/** `desc nulls last, id desc` over the loaded rows (load numbers). */
function sortLoads(loaded: Loaded[], key: (row: Loaded) => number | null): Int32Array {
  const keys = loaded.map(key);
  const order = Array.from({ length: loaded.length }, (_, i) => i);
  order.sort((a, b) => {
    const x = keys[a]!;
    const y = keys[b]!;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return y - x;
    }
    return loaded[b]!.id - loaded[a]!.id;
  });
  return Int32Array.from(order);
}

async function buildEntity<Raw extends RawCommon>(
  db: Db,
  loader: EntityLoader<Raw>,
  extraKeys: Record<string, Map<number, number>>,
  cancelled: () => boolean,
): Promise<EntityIndex> {
  const slice = timeSlicer();
  const loaded: Loaded[] = [];
  const nameLex = new PostingsBuilder();
  const textLex = new PostingsBuilder();
  let after = 0;
  for (;;) {
    if (cancelled()) throw new BuildCancelled();
    const chunk = await selectRows<Raw>(
      db,
      sql`${loader.select} where id > ${after} order by id limit ${CHUNK}`,
    );
    await slice();
    for (const raw of chunk) {
      const row = loader.read(raw);
      for (const [name, values] of Object.entries(extraKeys)) row.keys[name] = values.get(row.id) ?? null;
      loaded.push(row);
      nameLex.add(raw.name_lex ?? '');
      textLex.add(raw.text_lex ?? '');
    }
    if (chunk.length < CHUNK) break;
    after = loaded[loaded.length - 1]!.id;
  }
  if (cancelled()) throw new BuildCancelled();
  const n = loaded.length;
  await slice();
  const loadOfRow = sortLoads(loaded, (row) => row.keys.recency ?? null);
  const rowOfLoad = new Int32Array(n);
  for (let row = 0; row < n; row++) rowOfLoad[loadOfRow[row]!] = row;
  const inRows = <T>(pick: (row: Loaded) => T) => Array.from(loadOfRow, (load) => pick(loaded[load]!));
  const floats = (pick: (row: Loaded) => number | null | undefined) =>
    Float64Array.from(loadOfRow, (load) => pick(loaded[load]!) ?? Number.NaN);

  const industry = new GroupsBuilder<string>();
  const stage = new GroupsBuilder<number>();
  const region = new GroupsBuilder<string>();
  await slice();
  for (let row = 0; row < n; row++) {
    if ((row & 1023) === 0) await slice();
    const item = loaded[loadOfRow[row]!]!;
    industry.add(row, item.industries);
    stage.add(row, item.stages);
    region.add(row, item.regions);
  }
  const names: EntityIndexData['names'] = [];
  for (let c = 0; c < (loaded[0]?.names.length ?? 0); c++) {
    await slice();
    const values = inRows((row) => row.names[c] ?? '');
    const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
      values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : a - b,
    );
    names.push({ values, sorted: Int32Array.from(sorted) });
  }
  const orders: Record<string, RowOrder> = {};
  for (const key of Object.keys(loaded[0]?.keys ?? {})) {
    if (key === 'recency') continue;
    await slice();
    const rows = Int32Array.from(
      sortLoads(loaded, (row) => row.keys[key] ?? null),
      (load) => rowOfLoad[load]!,
    );
    const placeOf = new Int32Array(n);
    for (let place = 0; place < n; place++) placeOf[rows[place]!] = place;
    orders[key] = { rows, placeOf };
  }
  const data: EntityIndexData = {
    n,
    ids: floats((row) => row.id),
    names,
    nameTokens: await nameLex.build(loadOfRow, slice),
    textTokens: await textLex.build(loadOfRow, slice),
    industry: industry.build(n),
    stage: stage.build(n),
    region: region.build(n),
    amountLo: floats((row) => row.amountLo),
    amountHi: floats((row) => row.amountHi),
    founded: loader.has.founded ? floats((row) => row.founded) : undefined,
    type: loader.has.type ? inRows((row) => row.type ?? '') : undefined,
    institution: loader.has.institution ? floats((row) => row.institution) : undefined,
    orders,
  };
  return new EntityIndex(data);
}

export interface LibraryIndex {
  projects: EntityIndex;
  institutions: EntityIndex;
  investors: EntityIndex;
  /** Deals per institution, for the cards. */
  institutionDeals: Map<number, number>;
  builtAt: number;
  buildMs: number;
}

export async function buildLibraryIndex(
  db: Db,
  cancelled: () => boolean = () => false,
): Promise<LibraryIndex> {
  const t0 = performance.now();
  const orgDeals = await dealStats(db, 'institution_id');
  const investorDeals = await dealStats(db, 'investor_id');
  const institutions = await buildEntity(db, orgLoader, { latest: orgDeals.lastDeal }, cancelled);
  const investors = await buildEntity(db, investorLoader, { latest: investorDeals.lastDeal }, cancelled);
  const projects = await buildEntity(db, projectLoader, {}, cancelled);
  return {
    projects,
    institutions,
    investors,
    institutionDeals: orgDeals.deals,
    builtAt: Date.now(),
    buildMs: Math.round(performance.now() - t0),
  };
}
