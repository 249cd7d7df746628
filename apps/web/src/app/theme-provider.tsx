/**
 * The one theme provider: antd tokens (investor blue, enterprise teal, chosen by the
 * identity) and the zh_CN locale for antd and dayjs together.
 */
import type { Identity } from '@jq/contract';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { FeedbackProvider } from '../shared/feedback/feedback';
import { useSettingsStore } from '../shared/stores/settings-store';

dayjs.locale('zh-cn');

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

export function ThemeProvider({ children }: { children: ReactNode }) {
  const identity = useSettingsStore((state) => state.identity);
  const theme = useMemo(() => buildTheme(identity), [identity]);

  // The browser chrome on phones follows the identity colour too.
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', IDENTITY_COLORS[identity]);
    document.documentElement.dataset.identity = identity;
  }, [identity]);

  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
