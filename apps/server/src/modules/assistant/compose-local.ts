/**
 * The local engine's answers (no language model): markdown composed from what retrieval
 * found — a table of the matching projects or institutions with links to their records,
 * cited sentences from report pages with quote blocks, or a how-to answer. It names only
 * records that were retrieved and quotes only text that is on the cited page.
 */
import type { EntityLink, InvestorCard, OrgCard, ProjectCard, Quote } from '@jq/contract';
import type { Intent } from './classify.js';
import { matchHelp } from './help-topics.js';
import { entityLink, escapeMd, type LinkContext, mdLink } from './links.js';
import { contentTokens, quoteFor, rankSentences } from './passages.js';
import type { Found, PagePassage } from './retrieve.js';

/** The banner earlier answers opened with; the engine is now a tag under the answer (issue 15). Kept to clean old answers. */
export const LOCAL_NOTE = '（本地引擎）以下回答由金桥本地引擎根据平台数据整理，未使用大模型。';

export interface Retrieval {
  question: string;
  intent: Intent;
  industryNames: string[];
  /** What the search understood, as shown to the reader (新能源汽车 · A轮). */
  understoodText: string;
  projects: Found<ProjectCard>;
  institutions: Found<OrgCard>;
  investors: Found<InvestorCard>;
  pages: PagePassage[];
}

export interface ComposedAnswer {
  markdown: string;
  quotes: Quote[];
  cards: EntityLink[];
  suggestions: string[];
}

const TABLE_ROWS = 8;
const MAX_PAGE_SENTENCES = 5;

export function amountText(wan: number | null): string {
  if (wan === null || wan === undefined) return '未披露';
  return wan >= 10_000 ? `${Number((wan / 10_000).toFixed(2))} 亿元` : `${wan} 万元`;
}

const cell = (text: string | number | null | undefined) => escapeMd(String(text ?? '') || '—');
const firstSentence = (text: string) => (text.match(/^[^。！？!?]*[。！？!?]?/)?.[0] ?? text).slice(0, 80);

export function composeLocalAnswer(r: Retrieval, links: LinkContext): ComposedAnswer {
  const parts: string[] = [];
  const cards: EntityLink[] = [];
  const quotes: Quote[] = [];
  const topic = r.understoodText ? `「${r.understoodText}」` : '';

  if (r.intent === 'howto') {
    const topics = matchHelp(r.question);
    if (topics.length) {
      for (const t of topics) parts.push(`### ${t.title}`, '', t.answer, '');
    } else {
      parts.push('这个问题我还没有现成的说明，可以联系客服获取帮助。', '');
    }
    return { markdown: parts.join('\n').trim(), quotes, cards, suggestions: suggestionsFor(r) };
  }

  const projectSection = () => {
    const { list, total } = r.projects;
    if (!list.length) return false;
    const shown = list.slice(0, TABLE_ROWS);
    parts.push(
      `在平台项目库中找到 **${total}** 个符合${topic || '条件'}的项目${total > shown.length ? `，以下是最相关的 ${shown.length} 个` : ''}：`,
      '',
      '| 项目 | 行业 | 轮次 | 地区 | 拟融资 | 最近融资 |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const p of shown) {
      const link = entityLink('project', p.id, p.brandName || p.name, links);
      cards.push(link);
      parts.push(
        `| ${mdLink(link.name, link.url)} | ${cell(p.industryName)} | ${cell(p.stageLabel)} | ${cell(p.regionName)} | ${cell(amountText(p.amountSought))} | ${cell(p.latestRoundAt?.slice(0, 10))} |`,
      );
    }
    parts.push('');
    for (const p of shown.slice(0, 3)) {
      if (p.summary) parts.push(`- ${summaryLine(p)}`);
    }
    parts.push('');
    return true;
  };

  const investorSection = () => {
    const orgs = r.institutions.list.slice(0, TABLE_ROWS);
    const people = r.investors.list.slice(0, 5);
    if (!orgs.length && !people.length) return false;
    if (orgs.length) {
      parts.push(
        `在平台机构库中找到 **${r.institutions.total}** 家关注${topic || '相关领域'}的投资机构${r.institutions.total > orgs.length ? `，以下是 ${orgs.length} 家` : ''}：`,
        '',
        '| 机构 | 类型 | 关注行业 | 投资轮次 | 单笔投资 | 交易数 |',
        '| --- | --- | --- | --- | --- | --- |',
      );
      for (const o of orgs) {
        const link = entityLink('institution', o.id, o.shortName || o.name, links);
        cards.push(link);
        const ticket =
          o.ticketMin !== null || o.ticketMax !== null
            ? `${amountText(o.ticketMin)}–${amountText(o.ticketMax)}`
            : '未披露';
        parts.push(
          `| ${mdLink(link.name, link.url)} | ${cell(o.type)} | ${cell(o.industryNames.slice(0, 3).join('、'))} | ${cell(stageNames(o.stages))} | ${cell(ticket)} | ${o.dealCount} |`,
        );
      }
      parts.push('');
    }
    if (people.length) {
      parts.push('相关投资人：', '');
      for (const i of people) {
        const link = entityLink('investor', i.id, i.name, links);
        cards.push(link);
        const where = [i.institutionName, i.title].filter(Boolean).join(' · ');
        const fields = i.industryNames.slice(0, 3).join('、');
        parts.push(
          `- ${mdLink(i.name, link.url)}${where ? `（${escapeMd(where)}）` : ''}${fields ? `：关注 ${escapeMd(fields)}` : ''}`,
        );
      }
      parts.push('');
    }
    return true;
  };

  const pageSection = (heading?: string, max = MAX_PAGE_SENTENCES) => {
    if (!r.pages.length) return false;
    const wanted = contentTokens(r.question);
    // The best sentences over all pages (a page ranked higher wins ties), at most two a page.
    const candidates = r.pages
      .flatMap((page, rank) =>
        rankSentences(page.text, wanted)
          .slice(0, 3)
          .map(({ sentence, score }) => ({ page, sentence, score: score - rank * 0.2 })),
      )
      .sort((a, b) => b.score - a.score);
    const picked: typeof candidates = [];
    for (const c of candidates) {
      if (picked.length >= max) break;
      const samePage = picked.filter((p) => p.page === c.page).length;
      if (samePage >= 2 || picked.some((p) => p.sentence.text === c.sentence.text)) continue;
      picked.push(c);
    }
    if (!picked.length) return false;
    const numbers = new Map<PagePassage, number>();
    const lines: string[] = [];
    for (const c of picked) {
      let n = numbers.get(c.page);
      if (n === undefined) {
        n = quotes.length + 1;
        numbers.set(c.page, n);
        quotes.push(quoteFor(n, c.page, wanted, 160, c.sentence));
        cards.push(entityLink('report', c.page.reportId, c.page.title, links));
      }
      lines.push(`- ${escapeMd(c.sentence.text)}[${n}]`);
    }
    if (heading) parts.push(heading, '');
    else parts.push(`根据平台研报${topic ? `中关于${topic}的内容` : ''}：`, '');
    // The sources themselves travel as the message's quotes (shown as citation cards).
    parts.push(...lines, '');
    return true;
  };

  let answered = false;
  if (r.intent === 'projects') {
    answered = projectSection();
    if (!answered)
      parts.push(`平台项目库中暂时没有找到符合${topic || '条件'}的项目，可以放宽轮次或地区条件再试。`, '');
    if (pageSection('**行业参考**', 2)) answered = true;
  } else if (r.intent === 'investors') {
    answered = investorSection();
    if (!answered) parts.push(`平台机构库中暂时没有找到关注${topic || '该领域'}的投资机构。`, '');
  } else {
    answered = pageSection();
    if (!answered) parts.push(`平台研报中暂时没有找到与${topic || '这个问题'}直接相关的内容。`, '');
    if (r.projects.list.length) {
      parts.push(
        `平台收录了 ${r.projects.total} 个相关项目，例如：${r.projects.list
          .slice(0, 3)
          .map((p) => {
            const link = entityLink('project', p.id, p.brandName || p.name, links);
            cards.push(link);
            return mdLink(link.name, link.url);
          })
          .join('、')}。`,
        '',
      );
    }
  }
  if (!answered && !r.projects.list.length) {
    parts.push('可以换个问法，或补充行业、轮次、地区等关键词，例如“帮我找深圳的人工智能天使轮项目”。');
  }
  return { markdown: parts.join('\n').trim(), quotes, cards: dedupe(cards), suggestions: suggestionsFor(r) };
}

/** 昕通（杭州昕通电动科技有限公司）成立于… is said once: the name is not repeated before a summary that starts with it. */
export function summaryLine(p: Pick<ProjectCard, 'brandName' | 'name' | 'summary'>): string {
  const brand = p.brandName || p.name;
  const sentence = firstSentence(p.summary);
  if (sentence.startsWith(brand) || sentence.startsWith(p.name)) {
    const head = sentence.startsWith(brand) ? brand : p.name;
    return `**${escapeMd(head)}**${escapeMd(sentence.slice(head.length))}`;
  }
  return `**${escapeMd(brand)}**${brand !== p.name ? `（${escapeMd(p.name)}）` : ''}：${escapeMd(sentence)}`;
}

const STAGE_NAMES: Record<number, string> = {
  1: '种子',
  2: '天使',
  3: 'A轮',
  4: 'B轮',
  5: 'C轮',
  6: 'D轮',
  7: 'E轮',
  8: 'F轮+',
};
function stageNames(stages: number[]): string {
  return stages
    .map((s) => STAGE_NAMES[s])
    .filter(Boolean)
    .slice(0, 4)
    .join('、');
}

function dedupe(cards: EntityLink[]): EntityLink[] {
  const seen = new Set<string>();
  return cards.filter((c) => {
    const key = `${c.kind}:${c.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Follow-up questions: the other sides of the same industry. */
export function suggestionsFor(r: Pick<Retrieval, 'intent' | 'industryNames'>): string[] {
  const industry = r.industryNames[0];
  if (!industry) {
    return ['帮我找新能源汽车领域的A轮项目', '储能行业的市场规模有多大', '有哪些关注人工智能的投资机构'];
  }
  const all = {
    projects: `帮我找${industry}领域的A轮项目`,
    investors: `有哪些关注${industry}的投资机构`,
    size: `${industry}行业的市场规模有多大`,
    chain: `${industry}产业链有哪些环节`,
    risks: `${industry}行业面临哪些风险`,
  };
  switch (r.intent) {
    case 'projects':
      return [all.size, all.investors, all.risks];
    case 'investors':
      return [all.projects, all.size, all.chain];
    default:
      return [all.projects, all.investors, all.chain];
  }
}
