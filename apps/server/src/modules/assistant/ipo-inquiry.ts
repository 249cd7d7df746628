/**
 * ipoinquiry: passages about listing and exits (IPO, 上市, 问询, 科创板, 退出…) quoted
 * verbatim from report pages, as plain strings (spec section 3, "inquiry quotes"). The
 * keyword (or the conversation's subject, or one report) narrows the pages searched.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { bigintArray, textArray } from '../library/search/conditions.js';
import { expandIndustries } from '../library/search/vocabulary.js';
import { isProse, splitSentences } from './passages.js';
import { questionTokens, understand } from './retrieve.js';

const LISTING = /(IPO|上市|问询|科创板|创业板|北交所|主板|港股|招股|退出|资本市场|并购)/i;
const LISTING_QUERY = 'ipo | 上市 | 问询 | 科创板 | 创业板 | 北交所 | 退出 | 资本市场 | 并购';

export async function ipoInquiry(
  db: Db,
  input: { keyword?: string | undefined; reportId?: number | undefined; limit: number },
): Promise<string[]> {
  const u = await understand(db, input.keyword ?? '');
  const industries = expandIndustries(u.vocabulary, u.parsed.industryIds);
  const words = questionTokens(input.keyword ?? '').filter((w) => !LISTING.test(w));
  const scope = input.reportId
    ? sql`and p.report_id = any(${bigintArray([input.reportId])})`
    : industries.length
      ? sql`and r.industry_id = any(${textArray(industries)})`
      : words.length
        ? sql`and to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${words.join(' | ')})`
        : sql``;
  const rows = await selectRows<{ text: string }>(
    db,
    sql`select p.text from report_pages p join reports r on r.id = p.report_id
      where to_tsvector('simple', p.search_tokens) @@ to_tsquery('simple', ${LISTING_QUERY}) ${scope}
      order by r.published_at desc, p.report_id, p.page_no limit 40`,
  );
  const out: string[] = [];
  for (const row of rows) {
    for (const s of splitSentences(row.text)) {
      if (out.length >= input.limit) return out;
      if (LISTING.test(s.text) && isProse(s.text) && !out.includes(s.text)) out.push(s.text);
    }
  }
  return out;
}
