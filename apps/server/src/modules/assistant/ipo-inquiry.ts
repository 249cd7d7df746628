/**
 * ipoinquiry: passages about listing and exits (IPO, 上市, 问询, 科创板, 退出…) quoted
 * verbatim from report pages, as plain strings (spec section 3, "inquiry quotes"). The
 * keyword (or the conversation's subject, or one report) narrows the pages searched; when
 * no page of that industry or subject talks about listing, the other reports are searched.
 * Sentences about inquiries and boards come before passing mentions of an exit, and a
 * sentence that repeats one already listed (another report's, figures aside) is left out.
 */
import { type SQL, sql } from 'drizzle-orm';
import { bigintArray, textArray } from '../../lib/sql.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { getOwnedConversation } from './conversations.js';
import type { Owner } from './owner.js';
import { isProse, splitSentences } from './passages.js';
import { questionTokens, understand } from './retrieve.js';

const LISTING = /(IPO|上市|问询|科创板|创业板|北交所|主板|港股|招股|退出|资本市场|并购|注册制|审核)/i;
const LISTING_QUERY = 'ipo | 上市 | 问询 | 科创板 | 创业板 | 北交所 | 主板 | 港股 | 招股 | 退出 | 并购';
/** What makes a sentence about listing rather than one that mentions it in passing, by weight. */
const STRONG: [RegExp, number][] = [
  [/问询/, 3],
  [/IPO|招股/i, 2],
  [/科创板|创业板|北交所|港股|主板/, 1],
  [/审核|注册制|上市委/, 1],
  [/退出路径|并购退出/, 1],
];

/** ipoinquiry: the keyword given, else the caller's conversation's subject (its title). */
export async function ipoInquiryFor(
  db: Db,
  owner: Owner,
  input: {
    keyword?: string | undefined;
    chatuuid?: string | undefined;
    pid?: number | undefined;
    limit: number;
  },
): Promise<{ list: string[] }> {
  let keyword = input.keyword;
  if (!keyword && input.chatuuid) keyword = (await getOwnedConversation(db, input.chatuuid, owner)).title;
  return { list: await ipoInquiry(db, { keyword, reportId: input.pid, limit: input.limit }) };
}

export async function ipoInquiry(
  db: Db,
  input: { keyword?: string | undefined; reportId?: number | undefined; limit: number },
): Promise<string[]> {
  const u = await understand(db, input.keyword ?? '');
  const industries = u.industryScope;
  const words = questionTokens(input.keyword ?? '').filter((w) => !LISTING.test(w));
  const scope = input.reportId
    ? sql`and p.report_id = any(${bigintArray([input.reportId])})`
    : industries.length
      ? sql`and r.industry_id = any(${textArray(industries)})`
      : words.length
        ? sql`and to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${words.join(' | ')})`
        : undefined;
  let rows = await listingPages(db, scope ?? sql``);
  // Nothing on this subject's listing: what the other reports say is still an answer.
  if (!rows.length && scope && !input.reportId) rows = await listingPages(db, sql``);

  const candidates: { text: string; score: number; order: number }[] = [];
  for (const row of rows) {
    for (const s of splitSentences(row.text)) {
      if (!LISTING.test(s.text) || !isProse(s.text)) continue;
      const strong = STRONG.reduce((sum, [pattern, weight]) => sum + (pattern.test(s.text) ? weight : 0), 0);
      const about = words.filter((w) => s.text.toLowerCase().includes(w)).length;
      candidates.push({ text: s.text, score: strong + about, order: candidates.length });
    }
  }
  const out: string[] = [];
  const picked: Set<string>[] = [];
  for (const c of candidates.sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (out.length >= input.limit) break;
    // The same sentence in another report (figures aside) says nothing new.
    const grams = bigrams(c.text);
    if (picked.some((p) => overlap(p, grams) > 0.6)) continue;
    out.push(c.text);
    picked.push(grams);
  }
  return out;
}

function bigrams(text: string): Set<string> {
  const chars = Array.from(text.replace(/[\d.%]+/g, '#'));
  return new Set(chars.slice(1).map((c, i) => chars[i]! + c));
}

/** Jaccard similarity of two bigram sets. */
function overlap(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const gram of b) if (a.has(gram)) both++;
  return both / (a.size + b.size - both || 1);
}

function listingPages(db: Db, scope: SQL) {
  return selectRows<{ text: string }>(
    db,
    sql`select p.text from report_pages p join reports r on r.id = p.report_id
      where to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${LISTING_QUERY}) ${scope}
      order by ts_rank(to_tsvector('simple', p.search_tokens), to_tsquery('simple', ${LISTING_QUERY})) desc,
        r.published_at desc, p.report_id, p.page_no
      limit 40`,
  );
}
