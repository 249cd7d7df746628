/**
 * The vocabulary the generator writes an industry's records with. Placeholders in `traction`:
 * {a} a count (clients, sites), {b} revenue in 万元, {g} growth in %, {c} a large count in 万,
 * {p} a share in %. Market figures are demo figures for the reference year 2024, marked as
 * demo data wherever shown; they are internally consistent (one series per industry), so every
 * report on an industry quotes the same size for the same year.
 */
export interface IndustryVocab {
  /** Relative share of projects in this industry. */
  weight: number;
  /** Words for company names (深圳市澜瞳{智能}科技有限公司). */
  nameWords: string[];
  /** Legal-form ending; default 科技有限公司. */
  companySuffix?: string[];
  techs: string[];
  customers: string[];
  traction: string[];
  /** Market size in 亿元 for 2024 and the compound annual growth in % to 2030. */
  market: { size: number; cagr: number };
  chain: { up: string; mid: string; down: string };
  drivers: string[];
  risks: string[];
  /** Product lines per sub-industry id: projects with the same line are competitors. */
  products: Record<string, string[]>;
}
