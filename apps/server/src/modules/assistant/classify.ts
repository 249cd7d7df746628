/**
 * What a question asks for, so the local engine knows what to retrieve and how to answer:
 * find projects, find investors (institutions and people), an industry question (answered
 * from report pages plus the library's numbers), a question about a report, or how to use
 * the platform. Word rules on the question; the recognised industry, stage and region come
 * from the library's vocabulary (the same one search uses).
 */
import type { ParsedKeyword } from '../library/index.js';

export type Intent = 'projects' | 'investors' | 'industry' | 'report' | 'howto';

const HOWTO_TOPIC =
  /(登录|注册|充值|算力|会员|vip|认证|名片|上传|解锁|分享|导出|绑定|手机号|密码|退款|发票|客服|怎么用|使用方法|平台功能)/i;
const HOWTO_ASK = /(怎么|如何|怎样|在哪|哪里|能否|可以吗|步骤|流程)/;
const INVESTOR_WORDS =
  /(投资人|投资机构|投资方|投资者|机构|基金|资本|vc|pe|创投|天使投资|找投资|找钱|融资对接|谁投|投过)/i;
const PROJECT_WORDS = /(项目|公司|企业|标的|初创|创业团队|独角兽)/;
const FIND_WORDS = /(找|推荐|有哪些|哪些|列出|列举|筛选|搜索|查一下|查找|看看|名单|清单)/;
const REPORT_WORDS = /(研报|报告|白皮书|第\s*\d+\s*页|原文)/;
const INDUSTRY_WORDS =
  /(市场规模|规模|增速|增长|复合增长率|cagr|趋势|前景|格局|竞争|产业链|上游|下游|政策|风险|机会|壁垒|痛点|渗透率|份额|龙头|技术路线|发展)/i;

export function classifyQuestion(question: string, parsed: ParsedKeyword): Intent {
  const q = question.toLowerCase();
  if (HOWTO_TOPIC.test(q) && HOWTO_ASK.test(q) && !parsed.industryIds.length) return 'howto';
  if (REPORT_WORDS.test(q)) return 'report';
  const asksToFind = FIND_WORDS.test(q) || parsed.stages.length > 0;
  if (INVESTOR_WORDS.test(q) && asksToFind) return 'investors';
  if (PROJECT_WORDS.test(q) && (asksToFind || parsed.stages.length > 0 || parsed.regionCodes.length > 0))
    return 'projects';
  if (parsed.stages.length > 0) return 'projects';
  if (INDUSTRY_WORDS.test(q)) return 'industry';
  if (INVESTOR_WORDS.test(q)) return 'investors';
  if (PROJECT_WORDS.test(q)) return 'projects';
  return 'industry';
}
