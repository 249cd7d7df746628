/**
 * Research reports of 5-30 pages. A report always has its cover with the core viewpoints, the
 * market size, the chain, the competition and the risks; longer ones add an overview, drivers,
 * one page per sub-industry, technology, regions, deals, company cases, advice and appendices,
 * in the order an analyst would write them. The first report of each industry and about a third
 * of the others also cover listing, IPO inquiries and exits (`report-listing.ts`). One page of
 * text is one PDF page.
 */
import { INDUSTRIES } from '../reference/index.js';
import { addDays, isoDate } from './format.js';
import { fundWord, PUBLISHER_KINDS, UniqueNames } from './names.js';
import type { Random } from './random.js';
import type { LibraryIndex, ReportContext } from './report-context.js';
import { listingPage } from './report-listing.js';
import * as pages from './report-pages.js';
import type { DemoReport } from './types.js';
import { VOCAB } from './vocab/index.js';

const NUMERALS = '一二三四五六七八九十';

function numeral(n: number): string {
  if (n <= 10) return NUMERALS[n - 1]!;
  if (n < 20) return `十${NUMERALS[n - 11]!}`;
  return `${NUMERALS[Math.floor(n / 10) - 1]!}十${n % 10 ? NUMERALS[(n % 10) - 1]! : ''}`;
}

function titleOf(rng: Random, ctx: Omit<ReportContext, 'title'>): string {
  const name = ctx.industry.name;
  const sub = rng.pick(ctx.industry.subs).name;
  const year = ctx.publishedAt.slice(0, 4);
  return rng.pick([
    `${year}年中国${name}行业研究报告`,
    `${name}产业链深度研究：${sub}迎来发展机遇`,
    `${sub}行业专题报告：技术突破与商业化展望`,
    `${name}行业投资策略报告（${year}年）`,
    `${name}行业年度观察：从${rng.pick(ctx.vocab.techs)}到规模化应用`,
    `${year}年${name}市场洞察与投融资分析`,
  ]);
}

type Builder = () => pages.PageDraft;

/** `listing`: the capital-markets page, taking an appendix's place (or one more page, up to 30). */
function planPages(ctx: ReportContext, count: number, listing?: () => pages.PageDraft): pages.PageDraft[] {
  const { rng } = ctx;
  // Optional sections in the order they are added as the report gets longer; the rest of the
  // pages, if any, are appendices.
  let used = 0;
  const take = () => {
    if (used >= count - 5) return false;
    used++;
    return true;
  };
  const hasToc = take();
  const hasOverview = take();
  const hasDrivers = take();
  const hasFinancing = take();
  const subs = rng.sample(ctx.industry.subs, ctx.industry.subs.length).filter(() => take());
  const hasTech = take();
  const hasRegional = take();
  const hasAdvice = take();
  const caseProjects = rng.sample(ctx.projects, 6).filter(() => take());
  const hasListing = Boolean(listing) && (count - 5 - used > 0 || count < 30);
  const appendices = Math.max(0, count - 5 - used - (hasListing ? 1 : 0));

  const body: Builder[] = [];
  if (hasOverview) body.push(() => pages.overviewPage(ctx));
  body.push(() => pages.marketPage(ctx));
  if (hasDrivers) body.push(() => pages.driversPage(ctx));
  body.push(() => pages.chainPage(ctx));
  for (const [i, sub] of subs.entries()) body.push(() => pages.subPage(ctx, sub.id, i + 1));
  if (hasTech) body.push(() => pages.techPage(ctx));
  body.push(() => pages.competitionPage(ctx));
  if (hasRegional) body.push(() => pages.regionalPage(ctx));
  if (hasFinancing) body.push(() => pages.financingPage(ctx));
  if (listing && hasListing) body.push(listing);
  for (const [i, p] of caseProjects.entries()) body.push(() => pages.casePage(ctx, p, i + 1));
  body.push(() => pages.risksPage(ctx));
  if (hasAdvice) body.push(() => pages.advicePage(ctx));

  const sections = body.map((build, i) => {
    const page = build();
    return { ...page, heading: `${numeral(i + 1)}、${page.heading}` };
  });
  const tail = Array.from({ length: appendices }, (_, i) => pages.appendixPage(ctx, i + 1));
  const toc = hasToc ? [pages.tocPage([...sections, ...tail].map((s) => s.heading))] : [];
  return [pages.coverPage(ctx, pages.viewpointsOf(ctx)), ...toc, ...sections, ...tail];
}

export function generateReports(rng: Random, count: number, now: Date, index: LibraryIndex): DemoReport[] {
  const titles = new UniqueNames();
  const weights = INDUSTRIES.map((top) => VOCAB[top.id]!.weight);
  const reports: DemoReport[] = [];
  const listingRng = rng.fork('listing');
  const industriesWithListing = new Set<string>();
  for (let id = 1; id <= count; id++) {
    const industry = INDUSTRIES[rng.weightedIndex(weights)]!;
    const published = addDays(now, -rng.float(7, 1100));
    const publisher = rng.chance(0.2) ? '金桥研究院' : `${fundWord(rng)}${rng.pick(PUBLISHER_KINDS)}`;
    const base = {
      rng,
      industry,
      vocab: VOCAB[industry.id]!,
      publisher,
      publishedAt: isoDate(published),
      dataYear: published.getUTCFullYear() - 1,
      forecastYear: published.getUTCFullYear() + 5,
      projects: index.projectsByIndustry.get(industry.id) ?? [],
      index,
    };
    let title: string;
    try {
      title = titles.take(() => titleOf(rng, base), 30);
    } catch {
      title = titles.take(() => `${titleOf(rng, base)}（${publisher}）`, 30);
    }
    const ctx: ReportContext = { ...base, title };
    // The first report of an industry, and some of the others, cover listing and exits.
    const withListing = !industriesWithListing.has(industry.id) || listingRng.chance(0.35);
    if (withListing) industriesWithListing.add(industry.id);
    const pageRng = listingRng.fork(`listing:${id}`);
    const drafts = planPages(ctx, rng.int(5, 30), withListing ? () => listingPage(ctx, pageRng) : undefined);
    const reportPages = drafts.map((page, i) => ({
      pageNo: i + 1,
      text: [page.heading, ...page.paragraphs].join('\n'),
    }));
    reports.push({
      id,
      externalId: `demo-report-${String(id).padStart(5, '0')}`,
      title,
      publisher,
      industryId: industry.id,
      publishedAt: ctx.publishedAt,
      summary: pages.viewpointsOf(ctx).slice(0, 2).join(''),
      pages: reportPages,
    });
  }
  return reports;
}
