/**
 * The side menu, used in the desktop sider and the mobile drawer alike. An item whose page
 * is not available yet gives the coming-soon notice instead of opening a placeholder.
 */
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { menu } from '../locales/zh-CN/menu';
import { useComingSoonNotice } from '../shared/hooks/use-coming-soon-notice';
import { useAppNavigate } from '../shared/navigation/use-app-navigate';
import { useSettingsStore } from '../shared/stores/settings-store';
import { useActiveRoute } from './keep-alive-outlet';
import { AI_TOOLS_GROUP_KEY, isNavGroup, listNavLinks, MAIN_NAV, type NavLink, SHORTCUTS } from './nav-items';
import { isPageAvailable } from './pages';
import { getRoute } from './route-table';

type MenuItem = Required<MenuProps>['items'][number];

export interface SideNavProps {
  isCollapsed?: boolean;
  /** Called after a navigation, e.g. to close the drawer. */
  onNavigate?: () => void;
}

export function SideNav({ isCollapsed = false, onNavigate }: SideNavProps) {
  const identity = useSettingsStore((state) => state.identity);
  const navigate = useAppNavigate();
  const showComingSoon = useComingSoonNotice();
  const activeRoute = useActiveRoute();

  const links = useMemo(() => listNavLinks(identity), [identity]);
  const items = useMemo<MenuItem[]>(() => {
    const shortcuts = SHORTCUTS[identity];
    return [
      ...MAIN_NAV.map((entry) =>
        isNavGroup(entry)
          ? {
              key: entry.key,
              label: entry.label,
              icon: <entry.icon />,
              children: entry.children.map(toMenuItem),
            }
          : toMenuItem(entry),
      ),
      { type: 'divider' },
      {
        type: 'group',
        key: `shortcuts-${identity}`,
        label: shortcuts.label,
        children: shortcuts.items.map(toMenuItem),
      },
    ];
  }, [identity]);

  const selectedKeys = links.filter((link) => link.route === activeRoute?.name).map((link) => link.key);

  const openLink = (link: NavLink) => {
    const route = link.route ? getRoute(link.route) : undefined;
    // Home always opens: it is where the shell lands, whatever its content.
    if (route && (route.name === 'home' || isPageAvailable(route))) {
      navigate(route.fullPath);
      onNavigate?.();
      return;
    }
    showComingSoon();
  };

  return (
    <Menu
      mode="inline"
      className="jq-side-nav"
      items={items}
      selectedKeys={selectedKeys}
      defaultOpenKeys={isCollapsed ? [] : [AI_TOOLS_GROUP_KEY]}
      onClick={({ key }) => {
        const link = links.find((candidate) => candidate.key === key);
        if (link) openLink(link);
      }}
    />
  );
}

function toMenuItem(link: NavLink): MenuItem {
  return {
    key: link.key,
    icon: <link.icon />,
    label: (
      <span className="jq-nav-label" data-nav={link.key}>
        <span className="jq-nav-text">{link.label}</span>
        {link.badge && (
          <span className={`jq-nav-badge jq-nav-badge-${link.badge}`}>
            {link.badge === 'new' ? menu.badgeNew : menu.badgeHot}
          </span>
        )}
      </span>
    ),
  };
}
