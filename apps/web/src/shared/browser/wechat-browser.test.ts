import { describe, expect, it } from 'vitest';
import { isWechatBrowser } from './wechat-browser';

describe('isWechatBrowser', () => {
  it("recognises WeChat's browser by its user agent", () => {
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) MicroMessenger/8.0.40')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Windows NT 10.0) Chrome/120')).toBe(false);
  });
});
