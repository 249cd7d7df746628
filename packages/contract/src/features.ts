/**
 * Feature areas. A page or menu item whose feature is not enabled shows the spec's
 * "coming soon" notice instead of pretending to work. Each issue that lands a feature
 * turns its flag on here, in the same commit as the feature.
 */
export const FEATURES = {
  system: { label: '系统', enabled: true },
  account: { label: '账号与认证', enabled: true },
  library: { label: '数据库', enabled: true },
  matching: { label: '智能匹配', enabled: true },
  assistant: { label: 'AI 助手', enabled: true },
  billing: { label: '算力与会员', enabled: true },
  analysis: { label: '项目分析', enabled: true },
  chain: { label: '产业链图谱', enabled: true },
  knowledge: { label: '知识库', enabled: true },
  teaser: { label: '创投匹配', enabled: true },
  interview: { label: '访谈助手', enabled: false },
  news: { label: '周报与资讯', enabled: false },
  discover: { label: '发现', enabled: false },
  im: { label: '社交聊天', enabled: true },
  comments: { label: '评论', enabled: false },
  admin: { label: '管理后台', enabled: false },
} as const satisfies Record<string, { label: string; enabled: boolean }>;

export type FeatureKey = keyof typeof FEATURES;

export function isFeatureEnabled(key: FeatureKey): boolean {
  return FEATURES[key].enabled;
}
