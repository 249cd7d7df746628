/**
 * Report pages on a chain or a node, with the sentence to quote. Candidates by full text (the
 * jieba tokens of `report_pages`, any of the words) among reports on the chain's industry and
 * on the industries the node maps to; ranked in process by how many of the words a page has,
 * with the chain page and the sub-industry pages first. The quoted sentence is cut from the
 * page text itself, so a quote is always verbatim and its page number right.
 */
import { sql } from 'drizzle-orm';
import { tokenize } from '../../../lib/text.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import type { ChainDef, ChainNodeDef } from '../data/index.js';
import { industryName, topIndustryId } from '../taxonomy.js';

export interface Passage {
  reportId: number;
  title: string;
  pageNo: number;
  /** The whole page (for an outside model to read). */
  page: string;
  /** One sentence of the page, verbatim. */
  quote: string;
}

const SAFE = /^[\p{L}\p{N}]+$/u;
const STOP = new Set(['的', '与', '和', '及', '等', '产业', '行业', '领域', '系统', '服务', '平台']);

/** The words that say what a chain or node is about. */
export function passageTerms(chain: ChainDef, node: ChainNodeDef | null): string[] {
  const words = node
    ? [node.name, ...node.keywords, ...node.subs.map(industryName)]
    : [industryName(chain.industryId), '产业链', '上游', '中游', '下游'];
  const tokens = words
    .flatMap((w) => tokenize(w))
    .filter((t) => t.length > 1 && SAFE.test(t) && !STOP.has(t));
  return [...new Set(tokens)].slice(0, 24);
}

/** Sentences of a page: split after 。！？； and at line ends; headings (no closing mark) and short ones dropped. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[。！？；])|\n/u)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && /[。！？；]$/u.test(s));
}

export function bestSentence(text: string, terms: readonly string[]): string | null {
  let best: { s: string; score: number } | null = null;
  for (const s of sentences(text)) {
    const lower = s.toLowerCase();
    const score = terms.filter((t) => lower.includes(t)).length;
    if (score > 0 && (!best || score > best.score)) best = { s, score };
  }
  return best?.s ?? null;
}

export async function findPassages(
  db: Db,
  chain: ChainDef,
  node: ChainNodeDef | null,
  limit = 3,
): Promise<Passage[]> {
  const terms = passageTerms(chain, node);
  if (!terms.length) return [];
  const industries = [
    ...new Set([chain.industryId, ...(node?.subs ?? []).map((s) => topIndustryId(s) ?? s)]),
  ];
  const query = terms.join(' | ');
  const rows = await selectRows<{ report_id: number | string; page_no: number; text: string; title: string }>(
    db,
    sql`select rp.report_id, rp.page_no, rp.text, r.title
        from report_pages rp join reports r on r.id = rp.report_id
        where r.industry_id in (${sql.join(
          industries.map((i) => sql`${i}`),
          sql`, `,
        )})
          and to_tsvector('simple', rp.search_tokens) @@ to_tsquery('simple', ${query})
        order by r.published_at desc, rp.report_id, rp.page_no
        limit 300`,
  );
  const scored = rows
    .map((row) => {
      const lower = row.text.toLowerCase();
      const hits = terms.filter((t) => lower.includes(t)).length;
      const heading = row.text.slice(0, 40);
      const bonus = /产业链/.test(heading) ? 2 : /细分领域/.test(heading) ? 1 : 0;
      return { row, score: hits + bonus, quote: bestSentence(row.text, terms) };
    })
    .filter((x) => x.quote)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(a.row.report_id) - Number(b.row.report_id) ||
        a.row.page_no - b.row.page_no,
    );
  const out: Passage[] = [];
  const seenQuotes = new Set<string>();
  const seenReports = new Set<number>();
  for (const { row, quote } of scored) {
    const reportId = Number(row.report_id);
    // One page per report and no sentence twice: the templates repeat across reports.
    if (seenReports.has(reportId) || seenQuotes.has(quote!)) continue;
    seenReports.add(reportId);
    seenQuotes.add(quote!);
    out.push({
      reportId,
      title: row.title,
      pageNo: row.page_no,
      page: row.text.slice(0, 1500),
      quote: quote!,
    });
    if (out.length >= limit) break;
  }
  return out;
}
