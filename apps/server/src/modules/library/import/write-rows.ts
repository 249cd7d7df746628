/**
 * The database row an import row becomes: the stored record (if any) with the filled-in cells
 * laid over it, and the search fields recomputed from the result, exactly as the demo loader
 * computes them. Imported rows are never demo rows.
 */
import { institutions, investors, type ProjectContact, projects } from '../../../db/schema.js';
import {
  institutionSearchFields,
  investorSearchFields,
  projectSearchFields,
  type RegionMatch,
} from '../../reference/index.js';
import type { ImportKind } from './columns.js';

export const TABLES = { institutions, investors, projects } as const;

type Values = Record<string, unknown>;

/** Copies the keys present in `values` (and only those) under their column names. */
function pick(values: Values, keys: string[]): Values {
  const out: Values = {};
  for (const key of keys) if (key in values) out[key] = values[key];
  return out;
}

function institutionRow(values: Values, before?: Values) {
  const fields = pick(values, [
    'externalId',
    'name',
    'shortName',
    'type',
    'foundedYear',
    'aumMin',
    'aumMax',
    'currency',
    'regions',
    'industries',
    'stages',
    'ticketMin',
    'ticketMax',
    'thesis',
    'description',
    'website',
  ]);
  const merged = {
    shortName: '',
    type: '',
    thesis: '',
    description: '',
    industries: [],
    ...before,
    ...fields,
  } as Values;
  return {
    ...fields,
    ...institutionSearchFields(merged as never),
    isDemo: false,
    updatedAt: new Date(),
  };
}

function investorRow(values: Values, before?: Values) {
  const fields = pick(values, [
    'externalId',
    'name',
    'institutionId',
    'title',
    'industries',
    'stages',
    'ticketMin',
    'ticketMax',
    'regions',
    'bio',
    'phone',
    'email',
    'wechat',
  ]);
  const merged = { title: '', bio: '', industries: [], ...before, ...fields } as Values;
  return {
    ...fields,
    ...investorSearchFields({
      ...(merged as { name: string; title: string; bio: string; industries: string[] }),
      institutionName: values.institutionName as string | undefined,
      institutionShortName: values.institutionShortName as string | undefined,
    }),
    isDemo: false,
    updatedAt: new Date(),
  };
}

function projectRow(values: Values, before?: Values) {
  const fields = pick(values, [
    'externalId',
    'name',
    'brandName',
    'industries',
    'tags',
    'stage',
    'amountSought',
    'currency',
    'foundedYear',
    'description',
    'products',
    'team',
    'website',
  ]);
  if (Array.isArray(values.industries)) fields.industryId = (values.industries as string[])[0];
  const region = values.region as RegionMatch | undefined;
  if (region) Object.assign(fields, { provinceCode: region.provinceCode, cityCode: region.cityCode });
  const contactKeys = {
    contactName: 'name',
    contactTitle: 'title',
    contactPhone: 'phone',
    contactEmail: 'email',
  } as const;
  const contact: Partial<ProjectContact> = {};
  for (const [key, field] of Object.entries(contactKeys))
    if (key in values) contact[field] = values[key] as string;
  if (Object.keys(contact).length) {
    const stored = ((before?.contacts as ProjectContact[] | undefined) ?? []).slice();
    const first = { name: '', title: '', phone: '', email: '', ...stored[0], ...contact };
    fields.contacts = [first, ...stored.slice(1)];
  }
  const merged = {
    brandName: '',
    description: '',
    products: '',
    tags: [],
    industries: [],
    ...before,
    ...fields,
  } as Values;
  return {
    ...fields,
    ...projectSearchFields(merged as never),
    isDemo: false,
    updatedAt: new Date(),
  };
}

export function buildRow(kind: ImportKind, values: Values, before?: Values) {
  if (kind === 'institutions') return institutionRow(values, before);
  if (kind === 'investors') return investorRow(values, before);
  return projectRow(values, before);
}
