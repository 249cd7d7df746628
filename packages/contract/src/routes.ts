/**
 * The page route table of spec section 2. The web router is built from it, and the
 * server's tests use it to prove every page path answers the app's HTML.
 * Paths under `/{product}` use the configured slug; `p()` expands it.
 */
import { DEFAULT_PRODUCT } from './constants.js';
import type { FeatureKey } from './features.js';

export interface PageRoute {
  name: string;
  /** Path pattern; `{product}` is replaced by the product slug. */
  path: string;
  title: string;
  feature: FeatureKey;
  /** `bare` pages sit outside the main layout. */
  layout: 'main' | 'bare';
  /** The page keeps its state when the user leaves and comes back. */
  keepAlive?: boolean;
  /** Visitors who are not signed in may open it. */
  isPublic?: boolean;
}

const r = (
  name: string,
  path: string,
  title: string,
  feature: FeatureKey,
  extra: Partial<Pick<PageRoute, 'layout' | 'keepAlive' | 'isPublic'>> = {},
): PageRoute => ({ name, path, title, feature, layout: 'main', ...extra });

const pub = { isPublic: true } as const;
const keep = { keepAlive: true } as const;

export const PAGE_ROUTES: readonly PageRoute[] = [
  r('home', '/home', '首页', 'assistant', pub),
  r('homechat', '/homechat', 'AI 对话', 'assistant', pub),
  r('mobileHome', '/mHome', '首页', 'assistant', pub),
  r('login', '/{product}/login', '登录', 'account', pub),
  r('share', '/share', '对话分享', 'assistant', pub),
  r('agreement', '/agreement', '用户协议', 'account', pub),
  r('privacy', '/privacy', '隐私政策', 'account', pub),
  r('chat', '/{product}/chat', 'AI 对话', 'assistant'),
  r('org', '/{product}/org', '机构库', 'library', keep),
  r('project', '/{product}/project', '项目库', 'library', keep),
  r('investor', '/{product}/investor', '投资人库', 'library', keep),
  r('report', '/{product}/report', '研报库', 'library', keep),
  r('diagnosis', '/{product}/diagnosis', 'BP 优化', 'analysis', keep),
  r('match', '/{product}/match', '智能匹配投资人', 'matching'),
  r('matchResult', '/{product}/matchResult', '投资人匹配结果', 'matching'),
  r('matchDetail', '/{product}/matchDetail', '匹配详情', 'matching'),
  r('matchDetailOld', '/{product}/matchDetailOld', '匹配详情', 'matching'),
  r('aiproject', '/{product}/aiproject', '智能匹配项目', 'matching'),
  r('aiprojectResult', '/{product}/aiprojectResult', '项目匹配结果', 'matching'),
  r('aiprojectContact', '/{product}/aiprojectContact', '项目联系人', 'matching'),
  r('aiprojectDetail', '/{product}/aiprojectDetail', '项目详情', 'matching'),
  r('aiprojectDetailOld', '/{product}/aiprojectDetailOld', '项目详情', 'matching'),
  r('aianalyse', '/{product}/aianalyse', '项目分析', 'analysis', keep),
  r('detailShare', '/{product}/detailShare', '项目分享', 'analysis', pub),
  r('mixchat', '/{product}/mixchat', '智能行研', 'assistant'),
  r('social', '/{product}/social', '发现', 'discover', keep),
  r('power', '/{product}/power', '算力中心', 'billing', keep),
  r('record', '/{product}/record', '使用记录', 'billing'),
  r('history', '/{product}/history', '历史记录', 'assistant'),
  r('user', '/{product}/user', '个人中心', 'account', keep),
  r('visit', '/{product}/visit', '访客记录', 'matching'),
  r('plist', '/plist', '项目列表', 'library', { ...keep, ...pub }),
  r('olist', '/olist', '机构列表', 'library', { ...keep, ...pub }),
  r('news', '/news', '资讯', 'news', pub),
  r('tshare', '/tshare', 'Teaser 分享', 'teaser', pub),
  r('notFound', '/404', '页面不存在', 'system', pub),
  r('ipBanned', '/ipBanned', 'IP 已被封禁', 'system', pub),
  r('serverError', '/500', '服务器错误', 'system', pub),
  r('knowledge', '/knowledge', '知识库', 'knowledge', pub),
  r('knowledgeQa', '/knowledge/qa', '知识库问答', 'knowledge'),
  r('knowledgeDetail', '/knowledge/detail', '知识库详情', 'knowledge', pub),
  r('knowledgeAgreement', '/knowledge/agreement', '知识库协议', 'knowledge', pub),
  r('publicity', '/publicity', '公示', 'news', pub),
  r('week', '/week', '每周周报', 'news', pub),
  r('weeklyMore', '/weekly-more', '更多项目', 'news', pub),
  r('weeklyMoreReport', '/weekly-more-report', '更多研报', 'news', pub),
  r('weeklyMoreNews', '/weekly-more-news', '更多资讯', 'news', pub),
  r('interview', '/interview', '访谈助手', 'interview'),
  r('interviewRecord', '/interview/record', '访谈记录', 'interview'),
  r('chain', '/chain', '产业链图谱', 'chain', pub),
  r('chainSearch', '/chain/search', '产业链搜索', 'chain', pub),
  r('deepChain', '/deepChain', '深度产业链', 'chain'),
  r('groupInvite', '/groupinvite', '群聊邀请', 'im', { layout: 'bare', isPublic: true }),
  r('teaser', '/teaser', '创投匹配', 'teaser', pub),
  r('transfer', '/transfer', '项目转让', 'teaser', pub),
  r('teaserInfo', '/teaserInfo', 'Teaser 详情', 'teaser'),
  r('teaserGenerate', '/teaserGenerate', '生成 Teaser', 'teaser'),
  r('teaserResult', '/teaserResult', 'Teaser 结果', 'teaser'),
  r('teaserVc', '/teaserVc', '投资人 Teaser', 'teaser'),
  r('torder', '/torder', 'Teaser 订单', 'teaser'),
  r('shortLink', '/s', '分享链接', 'system', pub),
  r('vip', '/vip', 'VIP 会员', 'billing', pub),
  r('vipAgreement', '/vipAgreement', '会员服务协议', 'billing', pub),
  r('pdfView', '/pdfView', 'PDF 预览', 'assistant', pub),
  r('pdf', '/pdf', 'PDF 预览', 'assistant', pub),
  r('library', '/library', '资料库', 'knowledge'),
  r('fundingProject', '/fundingProject', '融资项目', 'library', pub),
  r('download', '/download', '客户端下载', 'system', { layout: 'bare', isPublic: true }),
  r('loginBare', '/Login', '登录', 'account', { layout: 'bare', isPublic: true }),
  r('test', '/test', '测试', 'system', pub),
  r('mdPreview', '/mdPreview', '文档预览', 'assistant', pub),
  r('userChat', '/user/chat', '私信', 'im'),
];

export function expandPath(path: string, product: string = DEFAULT_PRODUCT): string {
  return path.replace('{product}', product);
}

/** Every concrete page path, with the slug expanded. */
export function pagePaths(product: string = DEFAULT_PRODUCT): string[] {
  return PAGE_ROUTES.map((route) => expandPath(route.path, product));
}
