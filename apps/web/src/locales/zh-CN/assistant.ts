/**
 * The AI assistant's copy: home, chat and research chat, history, sharing, the PDF viewer,
 * the document preview, and the markdown renderer's citation cards. The locked-content
 * button texts are the contract's `messages.loginToSeeMore` / `messages.unlockMore`.
 */

/** `[3, 4, 5, 9]` → `第 3–5、9 页`. */
function formatPages(pages: readonly number[]): string {
  const first = pages[0];
  if (first === undefined) return '';
  const parts: string[] = [];
  let start = first;
  let prev = first;
  for (const page of [...pages.slice(1), Number.NaN]) {
    if (page === prev + 1) {
      prev = page;
      continue;
    }
    parts.push(start === prev ? String(start) : `${start}–${prev}`);
    start = page;
    prev = page;
  }
  return `第 ${parts.join('、')} 页`;
}

export const markdownText = {
  formatPages,
  quotesTitle: '引用来源',
  inquiryTitle: '问询原文',
  openInPdf: '在 PDF 中查看原文',
  citation: (n: number) => `引用 ${n}`,
  linkNeedsLogin: '登录后可打开此链接',
  imageBlocked: '图片',
} as const;

export const assistant = {
  productName: '金桥 AI 助手',
  engineLocal: '本地引擎',
  engineOpenai: '大模型',

  // Home
  homeTitle: '有什么可以帮你？',
  homeSubtitle: '找项目、找投资人、问行业、查研报，金桥 AI 从平台数据中为你作答',
  homePlaceholder: '输入你的问题，如：帮我找新能源汽车领域的A轮项目',
  ask: '提问',
  quickQuestions: '试试这样问',
  recommendedSearches: '推荐搜索',
  recentActions: '最近使用',
  recentEmpty: '还没有使用记录，问个问题开始吧',
  recommendTitle: '为你推荐',
  recommendEmpty: '暂无推荐',
  recommendBasis: (basis: string) => `根据你关注的 ${basis}`,
  searchSuggest: '相关结果',
  searchAskAi: (keyword: string) => `问 AI：${keyword}`,
  actionTypes: { chat: 'AI 对话', mixchat: '智能行研', search: 'AI 搜索' },
  hitKinds: { projects: '项目', institutions: '机构', investors: '投资人', reports: '研报' },

  // Chat
  newChat: '新对话',
  conversations: '对话列表',
  conversationsEmpty: '暂无对话',
  openConversations: '对话列表',
  agent: '助手',
  agentPlaceholder: '选择助手',
  chatPlaceholder: '输入问题',
  mixchatPlaceholder: '就行业与研报提问',
  stop: '停止生成',
  stopHint: '按 Esc 停止',
  stopped: '已停止生成',
  generating: '正在生成…',
  thinking: '正在检索资料…',
  answerFailed: '回答失败，请重试',
  retry: '重试',
  regenerate: '重新生成',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择文字复制',
  share: '分享',
  shareCopied: '分享链接已复制',
  shareFailed: '生成分享链接失败，请稍后再试',
  delete: '删除',
  suggestions: '你可能还想问',
  mixchatWelcome: '智能行研：基于平台研报作答，每个结论都标注研报原文与页码，点击引用即可查看原文。',
  mixchatScoped: (count: number) => `本对话限定在 ${count} 份研报内`,
  loadFailed: '加载失败',
  loadFailedDesc: '网络或服务器出现问题，请稍后重试',
  conversationMissing: '对话不存在或已被删除',
  backToNew: '开始新对话',
  engineNote: (engine: string) => `由${engine}生成`,
  questionTooLong: (max: number) => `问题不能超过 ${max} 字`,

  // Free turns and the locked state
  remaining: (left: number, total: number) => `今日免费次数剩余 ${left}/${total}`,
  unlockedNote: '本对话已解锁，不计免费次数',
  lockedNote: '今日免费次数已用完',
  lockedSignedOut: '登录后可获得更多免费次数',
  needChatFirst: '请先提一个问题，再解锁本对话',

  // AI search (/homechat?mode=search, ?searchId=)
  modeLabel: '提问方式',
  modeAsk: '问答',
  modeSearch: 'AI 搜索',
  searchPlaceholder: '输入要找的内容，如：新能源汽车 A轮',
  search: '搜索',
  fusion: '融合搜索（含研报原文）',
  fusionTag: '融合搜索',
  searchTitle: 'AI 搜索',
  searchIntro: '在平台的项目、机构、投资人与研报中搜索，并由 AI 写出摘要',
  searchFollowUp: '继续搜索',
  searchFailed: '搜索失败，请重试',
  searchMissing: '搜索记录不存在或无权查看',
  searchNoHits: '没有找到相关的项目、机构、投资人或研报，换个关键词试试',
  searchCount: (n: number) => `${n} 条`,

  // Documents from a conversation
  moreActions: '更多操作',
  exportBp: '生成 BP 草稿',
  exportBpTitle: '商业计划书草稿',
  bpFileName: '商业计划书草稿',
  chatReport: '整理成报告',
  chatReportTitle: '对话报告',
  chatReportLoading: '正在整理对话内容…',
  chatReportFailed: '报告生成失败',
  exportNeedsAnswer: '对话有了回答后才能使用',
  download: '下载 .md',
  regenerateDoc: '重新生成',
  sourcesTitle: '参考来源',

  // History
  historyTitle: '历史记录',
  historyAll: '全部',
  historyKinds: { chat: 'AI 对话', mixchat: '智能行研' },
  historySearch: '搜索对话标题',
  historyEmpty: '暂无历史记录',
  messagesCount: (n: number) => `${n} 条消息`,
  deleteConfirmTitle: '删除对话',
  deleteConfirm: '确定删除这个对话吗？删除后无法恢复。',
  deleteOk: '删除',
  cancel: '取消',
  deleted: '已删除',
  deleteFailed: '删除失败，请稍后再试',
  open: '打开',

  // Share
  shareTitle: '对话分享',
  shareMissing: '分享不存在或已失效',
  shareReadOnly: '这是一个只读的对话分享',
  shareContinue: '继续这个对话',
  shareFork: '复制到我的对话',

  // PDF viewer
  pdfTitle: 'PDF 预览',
  pdfLoading: '正在加载 PDF…',
  pdfFailed: 'PDF 加载失败',
  pdfFailedDesc: '文件不存在或暂时无法打开，请稍后再试',
  pdfMissingId: '缺少要查看的文件',
  pdfPrev: '上一页',
  pdfNext: '下一页',
  pdfPage: (page: number, total: number) => `第 ${page} / ${total} 页`,
  pdfZoomIn: '放大',
  pdfZoomOut: '缩小',
  pdfDownload: '下载原文',
  pdfHighlight: '高亮原文',
  pdfHighlightMissing: '本页没有找到引用原文，可翻页查看',
  pdfGoToPage: '跳至',
  pdfBadUrl: '只能预览本站的 PDF 文件',

  // Markdown preview
  mdTitle: '文档预览',
  mdMissingUrl: '缺少要预览的文档地址',
  mdBlocked: '只能预览本站或白名单网站的文档',
  mdFailed: '文档加载失败',
  mdEmpty: '文档内容为空',
} as const;
