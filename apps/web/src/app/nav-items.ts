/**
 * The side menu of spec section 2 as data: items, the AI tools group, badges, and the
 * investor and entrepreneur shortcut lists. The menu component only renders this.
 */
import {
  AimOutlined,
  ApartmentOutlined,
  AudioOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CompassOutlined,
  EyeOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundProjectionScreenOutlined,
  HistoryOutlined,
  HomeOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  ProjectOutlined,
  RobotOutlined,
  SendOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { FeatureKey, Identity } from '@jq/contract';
import type { ComponentType } from 'react';
import { menu } from '../locales/zh-CN/menu';

export type NavBadge = 'new' | 'hot';

export interface NavLink {
  key: string;
  label: string;
  icon: ComponentType;
  /** Route name in the route table; absent for external destinations. */
  route?: string;
  /** Feature that must be enabled for an external destination. */
  feature?: FeatureKey;
  badge?: NavBadge;
  /** What the item is for, as its tooltip, where the name alone could be confused. */
  hint?: string;
}

export interface NavGroup {
  key: string;
  label: string;
  icon: ComponentType;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export const AI_TOOLS_GROUP_KEY = 'ai-tools';

export const MAIN_NAV: readonly NavEntry[] = [
  { key: 'home', label: menu.home, icon: HomeOutlined, route: 'home' },
  {
    key: AI_TOOLS_GROUP_KEY,
    label: menu.aiTools,
    icon: RobotOutlined,
    children: [
      { key: 'mixchat', label: menu.mixchat, icon: FileSearchOutlined, route: 'mixchat', badge: 'hot' },
      { key: 'teaser', label: menu.teaser, icon: SendOutlined, route: 'teaser', hint: menu.teaserHint },
      { key: 'aianalyse', label: menu.aianalyse, icon: FundProjectionScreenOutlined, route: 'aianalyse' },
      { key: 'interview', label: menu.interview, icon: AudioOutlined, route: 'interview' },
      { key: 'chain', label: menu.chain, icon: ApartmentOutlined, route: 'chain', badge: 'new' },
    ],
  },
  { key: 'knowledge', label: menu.knowledge, icon: BookOutlined, route: 'knowledge' },
  { key: 'social', label: menu.social, icon: CompassOutlined, route: 'social' },
  { key: 'week', label: menu.week, icon: CalendarOutlined, route: 'week' },
  // Messaging is the web app's own /user/chat (there is no desktop client).
  { key: 'im', label: menu.im, icon: MessageOutlined, route: 'userChat' },
  { key: 'history', label: menu.history, icon: HistoryOutlined, route: 'history' },
  { key: 'power', label: menu.power, icon: ThunderboltOutlined, route: 'power', hint: menu.powerHint },
];

// Each identity reaches every library and its own matching; what it uses most comes first.
const LINKS = {
  project: { key: 'project', label: menu.project, icon: ProjectOutlined, route: 'project' },
  org: { key: 'org', label: menu.org, icon: BankOutlined, route: 'org' },
  investor: { key: 'investor', label: menu.investor, icon: TeamOutlined, route: 'investor' },
  report: { key: 'report', label: menu.report, icon: FileTextOutlined, route: 'report' },
  aiproject: {
    key: 'aiproject',
    label: menu.aiproject,
    icon: AimOutlined,
    route: 'aiproject',
    hint: menu.aiprojectHint,
  },
  match: { key: 'match', label: menu.match, icon: NodeIndexOutlined, route: 'match', hint: menu.matchHint },
  visit: { key: 'visit', label: menu.visit, icon: EyeOutlined, route: 'visit' },
  diagnosis: { key: 'diagnosis', label: menu.diagnosis, icon: SolutionOutlined, route: 'diagnosis' },
} satisfies Record<string, NavLink>;

export const SHORTCUTS: Record<Identity, { label: string; items: readonly NavLink[] }> = {
  investor: {
    label: menu.investorShortcuts,
    items: [LINKS.project, LINKS.aiproject, LINKS.org, LINKS.investor, LINKS.report, LINKS.visit],
  },
  enterprise: {
    label: menu.enterpriseShortcuts,
    items: [LINKS.match, LINKS.org, LINKS.investor, LINKS.project, LINKS.report, LINKS.diagnosis],
  },
};

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** Every link, groups flattened, for lookups by key. */
export function listNavLinks(identity: Identity): NavLink[] {
  const main = MAIN_NAV.flatMap((entry) => (isNavGroup(entry) ? entry.children : [entry]));
  return [...main, ...SHORTCUTS[identity].items];
}
