/** Whether the page runs in WeChat's own browser: WeChat sign-in (account) and WeChat Pay (billing) start there. */
export function isWechatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}
