/** Copy of the system pages: 404, 500, IP ban, client download and the stream test page. */
export const system = {
  notFoundTitle: '页面不存在',
  notFoundDesc: '抱歉，您访问的页面不存在或已被移除',
  serverErrorRetry: '重新加载',
  ipBannedTitle: '访问受限',
  ipBannedDesc: '检测到当前网络访问异常，您的 IP 已被暂时限制访问。如有疑问，请联系客服处理。',
  ipBannedRetry: '刷新重试',
  streamTestTitle: '流式输出测试',
  streamTestDesc: '把输入的文字交给服务端开发接口逐段返回，用于检查流式读取、停止与结束标记。',
  streamTestPlaceholder: '输入一段要流式返回的文字',
  streamTestDefault: '金桥用 AI 连接企业与投资人：智能匹配、项目分析、行业研究，一站完成。',
  streamStart: '开始',
  streamStop: '停止',
  streamOutput: '输出',
  streamIdle: '点击“开始”查看流式输出',
  streamDone: '完成',
  streamStopped: '已停止',
  streamRunning: '输出中',
  streamFailed: '流式请求失败',
  streamCharCount: (n: number) => `共 ${n} 字`,
} as const;

/** /download: the installable web app instead of a desktop client. */
export const download = {
  title: '金桥网页应用',
  desc: '金桥暂不提供桌面客户端。网页版可以像应用一样安装到电脑桌面或手机主屏幕，开启通知后，收到私信时会提醒你。',
  install: '安装到桌面',
  installed: '已安装，可从桌面或主屏幕打开',
  installHint: '在浏览器地址栏右侧或菜单中选择“安装金桥”（手机浏览器为“添加到主屏幕”）。',
  notify: '开启私信通知',
  notifyOn: '通知已开启',
  notifyDenied: '通知已被浏览器禁止，请在浏览器的网站设置中允许通知',
  notifyUnsupported: '当前浏览器不支持通知',
  openChat: '打开私信',
} as const;
