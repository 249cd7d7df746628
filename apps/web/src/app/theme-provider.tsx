/**
 * The one theme provider: antd tokens (investor blue, enterprise teal, chosen by the
 * identity) and the zh_CN locale for antd and dayjs together.
 */
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect, useMemo } from 'react';
import { FeedbackProvider } from '../shared/feedback/feedback';
import { useSettingsStore } from '../shared/stores/settings-store';
import { precomputedAlgorithm } from './antd-algorithm';
import { buildTheme, IDENTITY_COLORS } from './theme';

dayjs.locale('zh-cn');

export function ThemeProvider({ children }: { children: ReactNode }) {
  const identity = useSettingsStore((state) => state.identity);
  const theme = useMemo(() => ({ ...buildTheme(identity), algorithm: precomputedAlgorithm }), [identity]);

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
