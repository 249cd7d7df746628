/**
 * The top bar: on mobile the menu button and brand, on desktop the back control and page
 * title; on both the identity switch and the login entry.
 */
import { ArrowLeftOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { IDENTITIES, type Identity, isFeatureEnabled, messages } from '@jq/contract';
import { Button, Layout, Segmented } from 'antd';
import { useLocation } from 'react-router';
import { HeaderAccount, useIdentitySwitch } from '../features/account';
import { HeaderMessages } from '../features/im';
import { common } from '../locales/zh-CN/common';
import { BrandLogo } from '../shared/components/brand-logo';
import { useBreakpoint } from '../shared/hooks/use-breakpoint';
import { useComingSoonNotice } from '../shared/hooks/use-coming-soon-notice';
import { usePageHasBackControl } from '../shared/navigation/own-back';
import { useAppNavigate } from '../shared/navigation/use-app-navigate';
import { useSettingsStore } from '../shared/stores/settings-store';
import { useActiveRoute } from './keep-alive-outlet';

export interface AppHeaderProps {
  onOpenMenu: () => void;
}

export function AppHeader({ onOpenMenu }: AppHeaderProps) {
  const { isMobile, isSmall } = useBreakpoint();
  const location = useLocation();
  const navigate = useAppNavigate();
  const activeRoute = useActiveRoute();
  const showComingSoon = useComingSoonNotice();
  const identity = useSettingsStore((state) => state.identity);
  const setIdentity = useSettingsStore((state) => state.setIdentity);
  const switchIdentity = useIdentitySwitch();
  const isAccountEnabled = isFeatureEnabled('account');

  // `default` is the key of the first page of the visit: nothing to go back to. A page with
  // its own back control (返回匹配结果…) is not given a second one.
  const hasOwnBack = usePageHasBackControl();
  const canGoBack = location.key !== 'default' && activeRoute?.name !== 'home' && !hasOwnBack;

  return (
    <Layout.Header className="jq-header">
      <div className="jq-header-start">
        {isMobile && (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={common.openMenu}
            onClick={onOpenMenu}
            data-testid="open-menu"
          />
        )}
        {canGoBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={common.back}
            title={common.back}
            onClick={() => navigate(-1)}
            data-testid="go-back"
          >
            {isSmall ? null : common.back}
          </Button>
        )}
        {isMobile ? (
          // On a phone with a back button there is room for the mark, not the name as well.
          <BrandLogo size={28} isNameShown={!(isSmall && canGoBack)} />
        ) : (
          <h1 className="jq-header-title">{activeRoute?.title ?? common.productName}</h1>
        )}
      </div>
      <div className="jq-header-end">
        <Segmented<Identity>
          aria-label={common.identitySwitch}
          size={isSmall ? 'small' : 'middle'}
          value={identity}
          onChange={isAccountEnabled ? switchIdentity : setIdentity}
          options={IDENTITIES.map((value) => ({ value, label: common.identity[value] }))}
          data-testid="identity-switch"
        />
        {isFeatureEnabled('im') && <HeaderMessages />}
        {isAccountEnabled ? (
          <HeaderAccount />
        ) : (
          <Button
            type="primary"
            icon={isSmall ? <UserOutlined /> : undefined}
            onClick={() => showComingSoon(messages.comingSoon)}
            data-testid="login-button"
          >
            {common.login}
          </Button>
        )}
      </div>
    </Layout.Header>
  );
}
