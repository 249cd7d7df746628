/**
 * The main layout: a fixed sider on desktop (>= 1200 px), a drawer under it (nav-drawer.tsx), the header,
 * the page area (with keep-alive pages) and the footer.
 */
import { LIMITS } from '@jq/contract';
import { Layout } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { common } from '../locales/zh-CN/common';
import { menu } from '../locales/zh-CN/menu';
import { BrandLogo } from '../shared/components/brand-logo';
import { useBreakpoint } from '../shared/hooks/use-breakpoint';
import { useHasOpened } from '../shared/hooks/use-has-opened';
import { useSettingsStore } from '../shared/stores/settings-store';
import { AppHeader } from './app-header';
import { KeepAliveOutlet } from './keep-alive-outlet';
import type { PageResolver } from './pages';
import { SideNav } from './side-nav';
import { useScrollToTop } from './use-scroll-to-top';

const SIDER_WIDTH = 232;
const SIDER_COLLAPSED_WIDTH = 72;

// Phones do not download the drawer (nor the menu inside it) until it is first opened.
const NavDrawer = lazy(() => import('./nav-drawer'));

export interface MainLayoutProps {
  resolvePage: PageResolver;
}

export function MainLayout({ resolvePage }: MainLayoutProps) {
  const { isMobile } = useBreakpoint();
  useScrollToTop();
  const isCollapsed = useSettingsStore((state) => state.isSiderCollapsed);
  const setCollapsed = useSettingsStore((state) => state.setSiderCollapsed);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const hasOpenedDrawer = useHasOpened(isDrawerOpen);

  return (
    <Layout className="jq-shell">
      {!isMobile && (
        <Layout.Sider
          className="jq-sider"
          theme="light"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsible
          collapsed={isCollapsed}
          onCollapse={setCollapsed}
          data-testid="app-sider"
        >
          <div className="jq-sider-brand">
            <BrandLogo isNameShown={!isCollapsed} isSloganShown />
          </div>
          <nav aria-label={menu.navLabel}>
            <SideNav isCollapsed={isCollapsed} />
          </nav>
        </Layout.Sider>
      )}
      <Layout className="jq-main">
        <AppHeader onOpenMenu={() => setDrawerOpen(true)} />
        <Layout.Content className="jq-content">
          <KeepAliveOutlet resolvePage={resolvePage} />
        </Layout.Content>
        <Layout.Footer className="jq-footer">
          © {LIMITS.copyrightYear} {common.footerRights}
          <span className="jq-footer-note">{common.footerNote}</span>
        </Layout.Footer>
      </Layout>
      {isMobile && hasOpenedDrawer && (
        <Suspense fallback={null}>
          <NavDrawer isOpen={isDrawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </Layout>
  );
}
