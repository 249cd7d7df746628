/**
 * Builds the search index from the library snapshot (../../snapshot): no query of its own.
 * The snapshot's read hands each row's lexemes — exactly as the stored vectors hold them
 * (`tsvector_to_array`) — and its names as `lower()` gives them to an `EntityText` while it
 * reads, so the index matches what the SQL matches on either engine; the columns the index
 * filters and sorts on come from the snapshot's tables. Rows of the index are numbered in
 * the entity's recency order; `positions` maps them to the snapshot's rows (id order).
 */
import { type DictColumn, type ListColumn, NULL_INT, TextColumn } from '../../snapshot/columns.js';
import type { RowText, TextSink } from '../../snapshot/read.js';
import type { InstitutionColumns, InvestorColumns, ProjectColumns } from '../../snapshot/types.js';
import { EntityIndex, type EntityIndexData, type RowOrder } from './entity-index.js';
import { GroupsBuilder, PostingsBuilder, timeSlicer } from './postings.js';

export class BuildCancelled extends Error {}

/** Collects what the read hands over for one entity: lexeme postings and lowered names. */
export class EntityText implements TextSink {
  readonly nameLex = new PostingsBuilder();
  readonly textLex = new PostingsBuilder();
  readonly lowerNames: string[][];

  constructor(nameColumns: number) {
    this.lowerNames = Array.from({ length: nameColumns }, () => []);
  }

  add(position: number, text: RowText) {
    this.nameLex.add(text.nameLex);
    this.textLex.add(text.textLex);
    for (let c = 0; c < this.lowerNames.length; c++) this.lowerNames[c]![position] = text.lowerNames[c] ?? '';
  }
}

/** How one entity's snapshot table is indexed. */
interface EntitySource {
  ids: Float64Array;
  /** The values of each row that the industry, stage and region filters match. */
  industries(row: number): Iterable<string>;
  stages(row: number): Iterable<number>;
  regions(row: number): Iterable<string>;
  amountLo: Int32Array;
  amountHi: Int32Array;
  founded?: Int32Array | undefined;
  type?: DictColumn | undefined;
  institution?: Float64Array | undefined;
  /** Sort keys by snapshot row (NULL_INT for NULL), each ordered `desc nulls last, id desc`; `recency` numbers the rows. */
  keys: Record<string, Int32Array | null>;
}

const listStrings = (column: ListColumn) => (row: number) => column.strings(row);
const listNumbers = (column: ListColumn) => (row: number) => column.codes(row);

/** `desc nulls last, id desc` over snapshot rows (which are in id order). */
function sortRows(n: number, key: Int32Array | null): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = n - 1 - i;
  if (!key) return order;
  return order.sort((a, b) => {
    const x = key[a]!;
    const y = key[b]!;
    if (x !== y) {
      if (x === NULL_INT) return 1;
      if (y === NULL_INT) return -1;
      return y - x;
    }
    return b - a;
  });
}

async function buildEntity(
  source: EntitySource,
  text: EntityText,
  cancelled: () => boolean,
): Promise<EntityIndex> {
  const slice = timeSlicer();
  const n = source.ids.length;
  if (cancelled()) throw new BuildCancelled();
  await slice();
  const positions = sortRows(n, source.keys.recency ?? null);
  const rowOf = new Int32Array(n);
  for (let row = 0; row < n; row++) rowOf[positions[row]!] = row;
  const floats = (values: Int32Array | Float64Array) =>
    Float64Array.from(positions, (p) => {
      const v = values[p]!;
      return v === NULL_INT ? Number.NaN : v;
    });

  const industry = new GroupsBuilder<string>();
  const stage = new GroupsBuilder<number>();
  const region = new GroupsBuilder<string>();
  await slice();
  for (let row = 0; row < n; row++) {
    if ((row & 1023) === 0) await slice();
    const p = positions[row]!;
    industry.add(row, source.industries(p));
    stage.add(row, source.stages(p));
    region.add(row, source.regions(p));
  }
  const names: EntityIndexData['names'] = [];
  for (const lowered of text.lowerNames) {
    await slice();
    const inRows = Array.from(positions, (p) => lowered[p] ?? '');
    const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) =>
      inRows[a]! < inRows[b]! ? -1 : inRows[a]! > inRows[b]! ? 1 : a - b,
    );
    const packed = new TextColumnBuilderInRows();
    for (const value of inRows) packed.add(value);
    names.push({ values: packed.build(), sorted: Int32Array.from(sorted) });
  }
  const orders: Record<string, RowOrder> = {};
  for (const [name, key] of Object.entries(source.keys)) {
    if (name === 'recency') continue;
    await slice();
    const rows = Int32Array.from(sortRows(n, key), (p) => rowOf[p]!);
    const placeOf = new Int32Array(n);
    for (let place = 0; place < n; place++) placeOf[rows[place]!] = place;
    orders[name] = { rows, placeOf };
  }
  const typeCodes = source.type ? Uint32Array.from(positions, (p) => source.type!.codes[p]!) : undefined;
  const data: EntityIndexData = {
    n,
    ids: Float64Array.from(positions, (p) => source.ids[p]!),
    positions,
    names,
    nameTokens: await text.nameLex.build(positions, slice),
    textTokens: await text.textLex.build(positions, slice),
    industry: industry.build(n),
    stage: stage.build(n),
    region: region.build(n),
    amountLo: floats(source.amountLo),
    amountHi: floats(source.amountHi),
    founded: source.founded ? floats(source.founded) : undefined,
    type: source.type && typeCodes ? { dictionary: source.type.dictionary, codes: typeCodes } : undefined,
    institution: source.institution
      ? Float64Array.from(positions, (p) => source.institution![p]!)
      : undefined,
    orders,
  };
  return new EntityIndex(data);
}

/** Lowered names in row order, packed like the snapshot's text columns. */
class TextColumnBuilderInRows {
  private readonly blocks: string[] = [];
  private parts: string[] = [];
  private ends: number[] = [];
  private at = 0;

  add(value: string) {
    if (this.parts.length === TextColumn.BLOCK) {
      this.blocks.push(this.parts.join(''));
      this.parts = [];
      this.at = 0;
    }
    this.parts.push(value);
    this.at += value.length;
    this.ends.push(this.at);
  }

  build(): TextColumn {
    if (this.parts.length) this.blocks.push(this.parts.join(''));
    return new TextColumn(this.blocks, Uint32Array.from(this.ends));
  }
}

export interface LibraryIndex {
  projects: EntityIndex;
  institutions: EntityIndex;
  investors: EntityIndex;
  buildMs: number;
}

export interface IndexInput {
  projects: ProjectColumns;
  institutions: InstitutionColumns;
  investors: InvestorColumns;
  text: { projects: EntityText; institutions: EntityText; investors: EntityText };
  /** The day of each one's newest deal (NULL_INT: none), by snapshot row: a sort key. */
  lastDeal: { institutions: Int32Array; investors: Int32Array };
}

export async function buildLibraryIndex(
  input: IndexInput,
  cancelled: () => boolean = () => false,
): Promise<LibraryIndex> {
  const t0 = performance.now();
  const { projects: p, institutions: i, investors: v } = input;
  const institutions = await buildEntity(
    {
      ids: i.ids,
      industries: listStrings(i.industries),
      stages: listNumbers(i.stages),
      regions: listStrings(i.regions),
      amountLo: i.ticketMin,
      amountHi: i.ticketMax,
      founded: i.foundedYear,
      type: i.type,
      keys: { recency: i.aumMax, latest: input.lastDeal.institutions },
    },
    input.text.institutions,
    cancelled,
  );
  const investors = await buildEntity(
    {
      ids: v.ids,
      industries: listStrings(v.industries),
      stages: listNumbers(v.stages),
      regions: listStrings(v.regions),
      amountLo: v.ticketMin,
      amountHi: v.ticketMax,
      institution: v.institutionId,
      keys: { recency: null, amount: v.ticketMax, latest: input.lastDeal.investors },
    },
    input.text.investors,
    cancelled,
  );
  const projects = await buildEntity(
    {
      ids: p.ids,
      industries: (row) => {
        const main = p.industryId.get(row);
        return main === null ? p.industries.strings(row) : [main, ...p.industries.strings(row)];
      },
      stages: (row) => [p.stage[row]!],
      regions: (row) => {
        const out: string[] = [];
        const province = p.provinceCode.get(row);
        const city = p.cityCode.get(row);
        if (province) out.push(province);
        if (city) out.push(city);
        return out;
      },
      amountLo: p.amountSought,
      amountHi: p.amountSought,
      founded: p.foundedYear,
      keys: { recency: p.latestDay, amount: p.amountSought },
    },
    input.text.projects,
    cancelled,
  );
  return { projects, institutions, investors, buildMs: Math.round(performance.now() - t0) };
}
