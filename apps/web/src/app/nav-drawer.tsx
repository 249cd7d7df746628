/** The side menu as a drawer on phones and tablets (< 1200 px); loaded on its first open. */
import { Drawer } from 'antd';
import { menu } from '../locales/zh-CN/menu';
import { BrandLogo } from '../shared/components/brand-logo';
import { SideNav } from './side-nav';

const DRAWER_WIDTH = 280;

export interface NavDrawerProps {
  isOpen: boolean;
  onClose(): void;
}

export default function NavDrawer({ isOpen, onClose }: NavDrawerProps) {
  return (
    <Drawer
      placement="left"
      size={DRAWER_WIDTH}
      open={isOpen}
      onClose={onClose}
      title={<BrandLogo isSloganShown />}
      className="jq-nav-drawer"
      styles={{ body: { padding: 0 } }}
      data-testid="menu-drawer"
    >
      <nav aria-label={menu.navLabel}>
        <SideNav onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
