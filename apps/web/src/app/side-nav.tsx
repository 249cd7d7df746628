/**
 * The side menu, used in the desktop sider and the mobile drawer alike: links (so a page
 * opens in a new tab with a middle click), the AI tools group that folds, and the shortcut
 * list of the chosen identity. An item whose page is not available yet gives the
 * coming-soon notice instead of opening a placeholder. Plain markup rather than antd's Menu,
 * which with its popup machinery would be the biggest piece of every page's first load;
 * folded (the narrow sider) the items show their icons, named by their tooltip.
 */
import { DownOutlined } from '@ant-design/icons';
import { type MouseEvent, useState } from 'react';
import { menu } from '../locales/zh-CN/menu';
import { useComingSoonNotice } from '../shared/hooks/use-coming-soon-notice';
import { useAppNavigate } from '../shared/navigation/use-app-navigate';
import { useSettingsStore } from '../shared/stores/settings-store';
import { useActiveRoute } from './keep-alive-outlet';
import { AI_TOOLS_GROUP_KEY, isNavGroup, MAIN_NAV, type NavLink, SHORTCUTS } from './nav-items';
import { isPageAvailable } from './pages';
import { getRoute } from './route-table';

export interface SideNavProps {
  isCollapsed?: boolean;
  /** Called after a navigation, e.g. to close the drawer. */
  onNavigate?: () => void;
}

function isModifiedClick(event: MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

export function SideNav({ isCollapsed = false, onNavigate }: SideNavProps) {
  const identity = useSettingsStore((state) => state.identity);
  const navigate = useAppNavigate();
  const showComingSoon = useComingSoonNotice();
  const activeRoute = useActiveRoute();
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(() => new Set([AI_TOOLS_GROUP_KEY]));
  const shortcuts = SHORTCUTS[identity];

  const toggleGroup = (key: string) =>
    setOpenGroups((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const renderLink = (link: NavLink, isNested = false) => {
    const route = link.route ? getRoute(link.route) : undefined;
    // Home always opens: it is where the shell lands, whatever its content.
    const isOpenable = Boolean(route && (route.name === 'home' || isPageAvailable(route)));
    const isSelected = Boolean(route && route.name === activeRoute?.name);
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (isOpenable && isModifiedClick(event)) return;
      event.preventDefault();
      if (!isOpenable || !route) return showComingSoon();
      navigate(route.fullPath);
      onNavigate?.();
    };
    return (
      <li key={link.key}>
        <a
          href={route?.fullPath ?? '#'}
          className={`jq-nav-item${isNested ? ' jq-nav-item-nested' : ''}${isSelected ? ' jq-nav-item-selected' : ''}`}
          aria-current={isSelected ? 'page' : undefined}
          title={isCollapsed ? link.label : link.hint}
          onClick={onClick}
          data-nav={link.key}
        >
          <link.icon />
          {!isCollapsed && <span className="jq-nav-text">{link.label}</span>}
          {!isCollapsed && link.badge && (
            <span className={`jq-nav-badge jq-nav-badge-${link.badge}`}>
              {link.badge === 'new' ? menu.badgeNew : menu.badgeHot}
            </span>
          )}
        </a>
      </li>
    );
  };

  return (
    <div className={`jq-side-nav${isCollapsed ? ' jq-side-nav-collapsed' : ''}`}>
      <ul className="jq-nav-list">
        {MAIN_NAV.map((entry) => {
          if (!isNavGroup(entry)) return renderLink(entry);
          // Folded, the group's items show as icons in place: there is no room for a title.
          if (isCollapsed) return entry.children.map((child) => renderLink(child));
          const isOpen = openGroups.has(entry.key);
          const listId = `jq-nav-group-${entry.key}`;
          return (
            <li key={entry.key}>
              <button
                type="button"
                className="jq-nav-item jq-nav-group-title"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() => toggleGroup(entry.key)}
              >
                <entry.icon />
                <span className="jq-nav-text">{entry.label}</span>
                <DownOutlined className={`jq-nav-arrow${isOpen ? ' jq-nav-arrow-open' : ''}`} />
              </button>
              <ul id={listId} className="jq-nav-list" hidden={!isOpen}>
                {entry.children.map((child) => renderLink(child, true))}
              </ul>
            </li>
          );
        })}
      </ul>
      <hr className="jq-nav-divider" />
      <ul className="jq-nav-list" aria-label={shortcuts.label}>
        {!isCollapsed && (
          <li className="jq-nav-group-label" aria-hidden>
            {shortcuts.label}
          </li>
        )}
        {shortcuts.items.map((link) => renderLink(link))}
      </ul>
    </div>
  );
}
