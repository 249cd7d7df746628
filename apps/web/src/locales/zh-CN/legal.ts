/** Legal page chrome; the texts themselves are in features/legal/*-text.ts. */
export const legal = {
  updatedAt: '更新日期：',
  effectiveAt: '生效日期：',
  contents: '目录',
  operator: '金桥平台运营方',
} as const;
