/**
 * The antd theme of each identity (investor blue, enterprise teal). Plain data, so the build
 * step that extracts antd's styles (build/antd-styles.ts) renders under the same theme.
 */
import type { Identity } from '@jq/contract';
import type { ThemeConfig } from 'antd';

export const IDENTITY_COLORS: Record<Identity, string> = {
  investor: '#1677ff',
  enterprise: '#13a8a8',
};

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', " +
  "'Noto Sans CJK SC', 'Source Han Sans SC', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function buildTheme(identity: Identity): ThemeConfig {
  return {
    token: {
      colorPrimary: IDENTITY_COLORS[identity],
      colorInfo: IDENTITY_COLORS[identity],
      colorLink: IDENTITY_COLORS[identity],
      borderRadius: 8,
      fontFamily: FONT_FAMILY,
      colorBgLayout: '#f5f7fa',
    },
    components: {
      Layout: {
        headerBg: '#ffffff',
        siderBg: '#ffffff',
        headerHeight: 56,
        headerPadding: '0 16px',
        footerBg: 'transparent',
      },
      Menu: {
        itemBorderRadius: 8,
        itemMarginInline: 8,
        itemHeight: 38,
        itemMarginBlock: 2,
        activeBarBorderWidth: 0,
      },
    },
  };
}
