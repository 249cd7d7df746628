/** Shell-wide copy: product name, header, footer, identity names, and the words of shared/ UI. */
export const common = {
  productName: '金桥',
  /** Added to a message box's placeholder where there is a keyboard (not on touch screens). */
  sendKeysHint: 'Enter 发送，Shift + Enter 换行',
  productSlogan: 'AI 驱动的融资与投资对接平台',
  titleSeparator: ' - ',
  login: '登录',
  back: '返回',
  backHome: '返回首页',
  openMenu: '打开菜单',
  collapseMenu: '收起菜单',
  expandMenu: '展开菜单',
  loading: '加载中…',
  identitySwitch: '身份切换',
  identity: { investor: '投资人', enterprise: '创业者' },
  footerRights: '金桥 版权所有',
  footerNote: '企业融资与投资人对接平台',
  pageLoadFailed: '页面加载失败，请检查网络后刷新重试',
  refresh: '刷新页面',
  networkDesc: '无法连接服务器，请检查网络后重试',
  streamInterrupted: '输出意外中断，请重试',
  // Load states and figures of shared/ (lists, details, amounts)
  loadFailed: '加载失败',
  loadFailedHint: '网络或服务暂时不可用，请稍后重试',
  retry: '重试',
  recordMissing: '内容不存在或已下线',
  undisclosed: '未披露',
} as const;
