/**
 * What each not-yet-available page will do, shown under the coming-soon notice so a
 * visitor learns what to expect. Keyed by route name first, then by feature area.
 */
import type { FeatureKey } from '@jq/contract';

export const comingSoon = {
  backHome: '返回首页',
  welcomeTitle: '欢迎来到金桥',
  byFeature: {
    system: '系统功能正在完善中。',
    account: '扫码或短信验证码登录，上传名片完成身份认证，管理个人资料。',
    library: '按名称、行业、轮次与地区检索机构、投资人与项目，查看完整画像与投资案例。',
    matching: '根据项目画像与投资偏好，双向智能匹配创业项目与投资人，并给出匹配理由。',
    assistant: '与 AI 对话检索项目、机构与研报，回答附带可追溯的引用来源。',
    billing: '算力充值、VIP 会员与按次解锁，消费记录清晰可查。',
    analysis: '上传商业计划书或选择项目，AI 生成项目分析报告与 BP 优化建议。',
    chain: '以图谱呈现产业上下游、代表企业与投融资动态，支持深度产业链分析。',
    knowledge: '上传资料建立个人知识库，与文档对话，并在知识广场发现优质合集。',
    teaser: '一键生成项目 Teaser，向匹配的投资人精准推送，查看投资人浏览记录。',
    interview: '录音转写访谈内容，实时给出追问建议，访谈结束自动生成纪要。',
    news: '每周精选新项目、新研报与行业资讯，一份周报掌握市场动态。',
    discover: '浏览投资人与创业者的最新动态，发现值得关注的项目与机构。',
    im: '与投资人、创业者私信沟通，加入行业群聊。',
    comments: '对项目与内容发表评论，与同行交流观点。',
    admin: '平台运营与数据管理。',
  } satisfies Record<FeatureKey, string>,
  byRoute: {
    home: '一句话搜索项目、机构、投资人与研报，智能推荐与您相关的融资和投资机会。',
    org: '检索投资机构，查看管理规模、投资偏好、代表案例与机构成员。',
    investor: '按行业、轮次与机构查找投资人，了解其近期投资动向。',
    project: '检索创业项目，查看融资历程、团队与专利信息。',
    report: '汇集行业研究报告，支持按页引用与 AI 问答。',
    diagnosis: 'AI 逐项诊断商业计划书，给出结构、数据与表达上的修改建议。',
    match: '为您的项目匹配最合适的投资机构与投资人，并说明匹配理由。',
    aiproject: '按投资偏好为投资人推荐项目，附匹配度与推荐理由。',
    aianalyse: 'AI 生成涵盖市场、团队、竞争与风险的项目分析报告。',
    mixchat: '基于研报库与 AI 对话做行业研究，回答标注研报出处与页码。',
    social: '浏览投资人与创业者的最新动态与推荐项目。',
    power: '查看算力余额、充值与消费记录。',
    history: '回看您的 AI 对话、匹配与分析记录。',
    user: '管理个人资料、身份认证与会员权益。',
    knowledge: '上传资料建立个人知识库，与文档对话。',
    week: '每周精选新项目、新研报与行业资讯。',
    interview: '录音转写、追问建议与自动纪要。',
    chain: '可视化产业上下游与代表企业。',
    teaser: '生成项目 Teaser 并精准推送给匹配的投资人。',
  } as Record<string, string>,
} as const;
