/**
 * How-to answers about the platform itself, for the local engine's "how-to" questions.
 * Written from the product's own behaviour (spec sections 2, 4, 6, 9).
 */
export interface HelpTopic {
  pattern: RegExp;
  title: string;
  answer: string;
}

export const HELP_TOPICS: HelpTopic[] = [
  {
    pattern: /(登录|注册|验证码|扫码)/,
    title: '登录与注册',
    answer:
      '- 点击页面右上角的“登录”，默认用微信扫码登录；点二维码旁的切换图标可改用手机号登录。\n- 手机号登录：输入手机号，点“发送验证码”（60 秒后可重发），填写验证码并勾选用户协议。\n- 未注册的手机号验证后自动注册。',
  },
  {
    pattern: /(充值|算力|余额)/,
    title: '算力与充值',
    answer:
      '- 算力用于单次解锁（项目联系方式、优化建议、对话）。\n- 在“算力中心”选择充值套餐，扫码支付后算力到账；微信内可直接支付。\n- 每笔消费都会记录在“算力收支记录”里。',
  },
  {
    pattern: /(会员|vip)/i,
    title: 'VIP 会员',
    answer:
      '- VIP 权益：Teaser 优先展示、解锁 Teaser 联系方式、创投库匹配、优先对接投资人、悬赏任务优先。\n- 可选月卡、季卡、年卡，季卡与年卡有折扣。',
  },
  {
    pattern: /(认证|名片)/,
    title: '身份认证',
    answer:
      '- 在个人中心上传名片图片，AI 会与你对话核对名片信息。\n- 信息一致即完成认证；有出入时会转人工审核。\n- 部分功能（如社交聊天）需要认证后使用。',
  },
  {
    pattern: /(解锁|免费|次数|额度)/,
    title: '对话次数与解锁',
    answer:
      '- 每天有免费对话次数（登录用户更多）。\n- 用完后，未登录用户点“登录体验更多功能”；已登录用户点“解锁更多内容”，支付 1 元（或等值算力）解锁当前对话。',
  },
  {
    pattern: /(分享)/,
    title: '分享对话',
    answer: '- 在对话页点“分享”，生成只读链接；对方打开后可以查看，也可以复制到自己的对话里继续提问。',
  },
  {
    pattern: /(导出|商业计划书|bp)/i,
    title: '导出商业计划书',
    answer: '- 登录后在对话页点“导出 BP”，系统会根据对话内容生成商业计划书草稿，可复制或继续修改。',
  },
  {
    pattern: /(研报|行研|报告)/,
    title: '智能行研',
    answer: '- 进入“智能行研”提问，回答会引用研报原文，点击引用可在 PDF 中定位到对应页并高亮原文。',
  },
];

export function matchHelp(question: string): HelpTopic[] {
  return HELP_TOPICS.filter((t) => t.pattern.test(question)).slice(0, 2);
}
