/**
 * The local engine's planner (issue 15): reads a question into what to do — a short
 * introduction, a one-sentence refusal, a question back (an ambiguous industry, an impossible
 * period), or tool calls with their arguments (aggregate rounds, rank investors, compare,
 * match). Questions it does not plan (finding records, industry and report questions) go
 * to the retrieval answer (`fallback`), with the same period and ambiguity checks first.
 */
import { stageLabel } from '@jq/contract';
import type { Db } from '../../../platform/database/index.js';
import { findNamedEntities, type QuestionTerms, readQuestionTerms } from '../../library/index.js';
import { amountBound, amountsIn } from './amount.js';
import { parsePeriod } from './period.js';

export type Metric = 'count' | 'sum' | 'avg' | 'median';
type GroupBy = 'none' | 'industry' | 'stage' | 'region' | 'year' | 'quarter' | 'month';

export interface TermArgs {
  industry?: string[];
  stage?: string[];
  region?: string[];
  period?: string;
}

export type Plan =
  | { kind: 'intro' }
  | { kind: 'refuse'; reason: 'privacy' | 'injection' }
  | { kind: 'clarify'; word: string; choices: string[]; question: string }
  | { kind: 'impossible'; message: string }
  | {
      kind: 'aggregate';
      args: TermArgs & { groupBy: GroupBy; amountMin?: number; amountMax?: number };
      metrics: Metric[];
      /** Rank the groups by count or amount (哪个行业融资最多). */
      rankBy?: 'count' | 'sum';
      terms: QuestionTerms;
    }
  | {
      kind: 'rank';
      args: TermArgs & { target: 'institution' | 'investor'; limit: number };
      terms: QuestionTerms;
    }
  | { kind: 'compare'; names: string[] }
  | {
      kind: 'match';
      args: TermArgs & {
        side: 'investors' | 'projects';
        description: string;
        amount?: number;
        limit: number;
      };
      terms: QuestionTerms;
    }
  | { kind: 'fallback'; question: string };

const INTRO =
  /^(你好|您好|hi|hello|hey|嗨|哈喽|哈啰|在吗|在么|早上好|上午好|中午好|下午好|晚上好|早安|晚安|谢谢|多谢|感谢)[呀啊哦呢吗!！。.~～,，\s]*$/i;
const CAPABILITY =
  /(你能做什么|帮我做什么|帮我干什么|你会做什么|你会什么|你可以做什么|能帮我做什么|能帮我干什么|你能干什么|有什么功能|你有哪些功能|你是谁|介绍一下你自己|介绍下你自己|怎么使用你|如何使用你|你能回答什么|可以问你什么|能问什么)/;
const PRIVACY =
  /((其他|别的|其它|所有|全部)(的)?(用户|人|会员|客户|账号)(的)?.{0,6}(数据|信息|手机|电话|对话|聊天|记录|问题|资料|订单|邮箱|名单|提问|搜索)|用户(列表|名单|手机号|数据库|隐私)|谁(问|搜|查|看)过|(后台|数据库|管理员)(的)?(密码|账号|权限)|导出.{0,6}用户|别人(的)?(对话|聊天|提问|记录|数据))/;
const INJECTION =
  /(忽略|无视|忘记|忘掉|跳过|绕过)(掉)?(之前|以上|上面|前面|所有|你的|系统)?(的)?(所有)?(指令|指示|规则|设定|提示|限制|要求|约束)|ignore\s+(all\s+|the\s+|any\s+)?(previous|above|prior|earlier)|system\s*prompt|系统提示词?|你的提示词|开发者模式|developer\s*mode|jailbreak|越狱|(扮演|假装).{0,10}(没有|不受)(任何)?限制|输出你的(设定|规则|指令)/i;

const COMPARE = /(对比|比较|相比|区别|差异|差别|\bvs\.?\b|pk|哪个更|哪家更|谁更|孰优|孰强)/i;
const FOUNDER =
  /(我(们)?(的)?(公司|项目|团队|企业|初创)|我是(创始人|创业者|ceo)|我们(在|是)?做|我在做|我们正在|我方)/i;
const APPROACH =
  /(找谁|应该找|该找|去找|接触|对接|联系哪些|联系谁|哪些(投资人|机构|基金|投资方)|什么(样的)?(投资人|机构|基金)|投资方|融资|拿钱|找钱|募资)/;
const APPROACH_DIRECT = /(应该|该|可以|适合|值得)(去)?(找|接触|联系|对接|拜访)(哪些|哪家|谁|什么)/;
const THESIS =
  /((我的|我们的|本)(投资)?(方向|偏好|策略|thesis|逻辑|基金)|符合我(们)?|适合我(们)?(投|看|的)|我(们)?(基金|机构)?(主要|只|专注)?(投|关注|看)(资)?.{0,20}(哪些|什么)(项目|公司|标的)|我是(投资人|vc|投资经理)|推荐.{0,8}(适合|符合)我)/i;
const RANK =
  /(最活跃|活跃度|比较活跃|活跃的|出手最多|出手最频繁|出手多|投得最多|投资最多|投资次数最多|投资数量最多|交易最多|最积极|排名|排行|榜单|top\s*\d*|前\s*\d+\s*(名|家|位|个)?|领投最多|最常投|投了最多)/i;
const RANK_WHO = /(机构|投资人|基金|资本|投资方|vc|pe|谁|哪家|哪些家|创投)/i;
const INVESTED_IN = /(哪些|哪家|什么)(机构|投资人|基金|投资方).{0,12}(投了|投资了|投过|出手|参与)/;
const GROUP_RANK =
  /(哪个|哪些|什么|哪一?个?)(行业|赛道|领域|地区|城市|省份?|轮次|阶段|年份?|季度|月份?).{0,12}(最多|最热|最火|最活跃|最高|最大|领先|最少|最低)/;
const AGG_WORDS =
  /(平均|均值|均额|中位|总额|总金额|合计|总计|一共|总共|多少(笔|起|个|轮|次|家|钱|亿|万)|几笔|数量|笔数|融资额|融资总|金额|每年|逐年|各年|按年|年度|每季度|按季度|分季度|每月|按月|月度|各行业|按行业|分行业|各个行业|各轮次|按轮次|分轮次|各阶段|各地区|按地区|分地区|各省|各城市|融资情况|融资趋势|融资热度|投融资|融资规模|融了多少|融资笔数)/;
const DEAL_CONTEXT = /(融资|投资|交易|轮|金额|笔|出手|募资|融了)/;
const REPORT_ONLY =
  /(市场规模|市场空间|渗透率|产能|装机|出货量|市占率|增速|复合增长率|cagr|技术路线|产业链|政策)/i;
const PROJECT_COUNT = /多少(个|家)?(项目|公司|企业|初创)/;

function metricsOf(q: string): Metric[] {
  const m: Metric[] = [];
  if (/(平均|均值|均额)/.test(q)) m.push('avg');
  if (/中位/.test(q)) m.push('median');
  if (/(总额|总金额|合计|总计|一共融|总共融|融资规模|融了多少|总融资)/.test(q)) m.push('sum');
  if (/(多少(笔|起|个|轮|次|家)|几笔|数量|笔数|多少项目)/.test(q)) m.push('count');
  return m.length ? m : ['count', 'sum', 'avg', 'median'];
}

function groupOf(q: string): GroupBy {
  if (
    /(各行业|按行业|分行业|各个行业|哪个行业|哪些行业|什么行业|哪个赛道|哪些赛道|哪个领域|哪些领域|各赛道|各领域)/.test(
      q,
    )
  )
    return 'industry';
  if (/(各轮次|按轮次|分轮次|各阶段|哪个轮次|哪个阶段|哪些轮次|各个轮次)/.test(q)) return 'stage';
  if (/(各地区|按地区|分地区|各省|各城市|哪个地区|哪个城市|哪个省|哪些地区|哪些城市|哪些省)/.test(q))
    return 'region';
  if (/(每季度|按季度|分季度|各季度|哪个季度)/.test(q)) return 'quarter';
  if (/(每月|按月|月度|各月|哪个月)/.test(q)) return 'month';
  if (/(每年|逐年|各年|按年|年度|历年|哪一年|哪年|融资趋势|融资情况|投融资情况|融资热度)/.test(q))
    return 'year';
  return 'none';
}

const STRIP_NAME =
  /^(请|帮我|麻烦|给我|能不能|可以|请你)?(对比|比较|相比|分析)?(一下|下)?|(的)?(区别|差异|差别|对比|比较|情况|异同|优劣|有什么不同|有何不同|哪个好|哪个更好|哪家更好|谁更强|怎么样|如何)+.*$/g;

/** The names a comparison is between: library names found in the text, else the words around 和/与/vs. */
async function compareNames(db: Db, q: string): Promise<string[]> {
  const known = await findNamedEntities(db, q, ['institution', 'project', 'investor']);
  const body = q
    .replace(/[？?。！!]/g, '')
    .replace(/^(请|帮我|麻烦|给我|能不能|可以|请你)?(对比|比较|分析)(一下|下)?/, '')
    .replace(/(这|那)?(两|三|几)(家|个|位)(机构|公司|项目|基金|投资人)?/, '');
  const parts = body.split(/(?:和|与|跟|及|、|,|，|\/|\bvs\.?\b|pk|对比|相比|比较|以及)/i);
  const names: string[] = [];
  for (const raw of parts) {
    const stripped = raw
      .replace(STRIP_NAME, '')
      .replace(/(的)?(投资风格|风格|实力|表现|数据|业绩|投资情况).*$/, '')
      .trim();
    // A library name inside the words is used only when it is (nearly) all of them: 财智 is not 达晨财智.
    const hit = known.find(
      (k) => stripped.toLowerCase().includes(k.matched) && k.matched.length >= stripped.length * 0.75,
    );
    const name = hit ? hit.matched : stripped;
    const length = Array.from(name).length;
    if (length >= 2 && length <= 30 && !names.includes(name)) names.push(name);
  }
  if (names.length < 2 && known.length >= 2) return known.slice(0, 3).map((k) => k.matched);
  return names.slice(0, 3);
}

function termArgs(t: QuestionTerms, period: string | undefined): TermArgs {
  return {
    ...(t.industryNames.length ? { industry: t.industryNames } : {}),
    ...(t.stages.length ? { stage: t.stages.map(stageLabel) } : {}),
    ...(t.regionNames.length ? { region: t.regionNames } : {}),
    ...(period ? { period } : {}),
  };
}

/** Remove sentences that try to change the rules; what is left is the question. */
function withoutInjection(q: string): string {
  return q
    .split(/(?<=[。！？!?；;\n])|[,，](?=[^,，]*(?:忽略|无视|忘记|ignore|system|系统提示))/i)
    .filter((s) => !INJECTION.test(s))
    .join('')
    .trim();
}

export interface PlanInput {
  db: Db;
  question: string;
  now: Date;
  /** The previous user question of this conversation, if any. */
  previous?: string | undefined;
  /** Whether the previous answer asked back which industry was meant. */
  previousAskedIndustry?: boolean;
}

export async function planQuestion(input: PlanInput): Promise<Plan> {
  const { db, now } = input;
  let q = input.question.normalize('NFKC').trim();
  if (PRIVACY.test(q)) return { kind: 'refuse', reason: 'privacy' };
  if (INJECTION.test(q)) {
    const rest = withoutInjection(q);
    const restTerms = rest ? await readQuestionTerms(db, rest) : null;
    const meaningful =
      rest &&
      restTerms &&
      (restTerms.industryIds.length || restTerms.stages.length || AGG_WORDS.test(rest) || RANK.test(rest));
    if (!meaningful) return { kind: 'refuse', reason: 'injection' };
    q = rest;
  }
  if (INTRO.test(q) || (CAPABILITY.test(q) && Array.from(q).length <= 30)) return { kind: 'intro' };

  let terms = await readQuestionTerms(db, q);
  // The answer to "which industry?": the earlier question with the chosen industry.
  if (
    input.previousAskedIndustry &&
    input.previous &&
    terms.industryIds.length &&
    Array.from(q).length <= 12
  ) {
    const before = await readQuestionTerms(db, input.previous);
    const broad = before.ambiguous[0]?.word;
    if (broad) {
      q = input.previous.replace(broad, terms.industryNames[0]!);
      terms = await readQuestionTerms(db, q);
    }
  } else if (
    input.previous &&
    !terms.industryIds.length &&
    !terms.ambiguous.length &&
    Array.from(q).length <= 16 &&
    /(呢|那|那么|如果是|换成|改成)/.test(q)
  ) {
    // A follow-up without its own industry ("A轮的呢") keeps the earlier question's.
    const before = await readQuestionTerms(db, input.previous);
    if (before.industryNames.length) {
      terms = { ...terms, industryIds: before.industryIds, industryNames: before.industryNames };
      if (!AGG_WORDS.test(q) && !RANK.test(q)) {
        const merged = `${input.previous.replace(/[？?。]$/, '')} ${q}`;
        return planQuestion({ ...input, question: merged, previous: undefined });
      }
    }
  }

  const periodReading = parsePeriod(q, now);
  if (!periodReading.ok) return { kind: 'impossible', message: periodReading.message };
  const period = periodReading.period?.label;
  const ambiguity = terms.ambiguous[0];
  const clarify = (): Plan | null =>
    ambiguity && !terms.industryIds.length
      ? { kind: 'clarify', word: ambiguity.word, choices: ambiguity.choices.map((c) => c.name), question: q }
      : null;

  if (COMPARE.test(q)) {
    const names = await compareNames(db, q);
    if (names.length >= 2) return { kind: 'compare', names };
  }

  const founder =
    FOUNDER.test(q) && APPROACH.test(q) && /(投资人|机构|基金|投资方|资本|找谁|融资|拿钱|找钱|募资)/.test(q);
  if ((founder || APPROACH_DIRECT.test(q)) && !THESIS.test(q)) {
    const c = clarify();
    if (c) return c;
    const amounts = amountsIn(q);
    return {
      kind: 'match',
      args: {
        ...termArgs(terms, undefined),
        side: 'investors',
        description: q,
        ...(amounts[0] ? { amount: amounts[0].wan } : {}),
        limit: 10,
      },
      terms,
    };
  }
  if (THESIS.test(q)) {
    const c = clarify();
    if (c) return c;
    return {
      kind: 'match',
      args: { ...termArgs(terms, undefined), side: 'projects', description: q, limit: 10 },
      terms,
    };
  }

  const groupRank = q.match(GROUP_RANK);
  const wantsRank = (RANK.test(q) && RANK_WHO.test(q)) || INVESTED_IN.test(q);
  if (wantsRank && !groupRank) {
    const c = clarify();
    if (c) return c;
    const target = /投资人|合伙人|投资经理/.test(q) && !/机构|基金|资本/.test(q) ? 'investor' : 'institution';
    const top = q.match(/(?:前|top\s*)(\d+)/i);
    return {
      kind: 'rank',
      args: {
        ...termArgs(terms, period),
        target,
        limit: Math.min(20, Math.max(3, top ? Number(top[1]) : 10)),
      },
      terms,
    };
  }

  const aggregateAsked =
    (AGG_WORDS.test(q) && DEAL_CONTEXT.test(q) && !REPORT_ONLY.test(q)) ||
    Boolean(groupRank && DEAL_CONTEXT.test(q));
  if (
    aggregateAsked &&
    !(PROJECT_COUNT.test(q) && !/(融资|笔|轮次)/.test(q.replace(/[A-Za-z]+轮|天使轮|种子轮/g, '')))
  ) {
    const c = clarify();
    if (c) return c;
    const bound = amountBound(q);
    const groupBy = groupOf(q);
    return {
      kind: 'aggregate',
      args: {
        ...termArgs(terms, period),
        groupBy,
        ...(bound?.min != null ? { amountMin: bound.min } : {}),
        ...(bound?.max != null ? { amountMax: bound.max } : {}),
      },
      metrics: metricsOf(q),
      ...(groupRank
        ? { rankBy: /(金额|规模|钱|融资额|总额)/.test(q) ? ('sum' as const) : ('count' as const) }
        : {}),
      terms,
    };
  }

  const c = clarify();
  if (c) return c;
  return { kind: 'fallback', question: q };
}
