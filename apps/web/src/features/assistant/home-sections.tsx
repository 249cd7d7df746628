/**
 * The home page's lists: what the search box finds as the user types, recent actions and
 * recommended records. Each shows its own loading, empty and error state.
 */
import {
  BankOutlined,
  ClockCircleOutlined,
  FileTextOutlined,
  ProjectOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { EntityKind, SearchHits } from '@jq/contract';
import { Button } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { LineSkeleton } from '../../shared/components/line-skeleton';
import { SafeLink } from '../../shared/markdown/safe-link';
import { recordUrl } from '../../shared/navigation/record-url';
import { useUserStore } from '../../shared/stores/user-store';
import { useHomeUserActions, useRecommendations } from './queries';

const ICONS: Record<EntityKind, ReactNode> = {
  project: <ProjectOutlined />,
  institution: <BankOutlined />,
  investor: <UserOutlined />,
  report: <FileTextOutlined />,
};

interface Row {
  kind: EntityKind;
  id: number;
  name: string;
  meta: string;
}

export function hitRows(hits: Partial<SearchHits>): Row[] {
  return [
    ...(hits.projects ?? []).map((p) => ({
      kind: 'project' as const,
      id: p.id,
      name: p.name,
      meta: p.stageLabel,
    })),
    ...(hits.institutions ?? []).map((o) => ({
      kind: 'institution' as const,
      id: o.id,
      name: o.name,
      meta: o.type,
    })),
    ...(hits.investors ?? []).map((i) => ({
      kind: 'investor' as const,
      id: i.id,
      name: i.name,
      meta: [i.institutionName, i.title].filter(Boolean).join(' · '),
    })),
    ...(hits.reports ?? []).map((r) => ({
      kind: 'report' as const,
      id: r.id,
      name: r.title,
      meta: r.publisher,
    })),
  ];
}

export function RecordRows({ rows, testId }: { rows: Row[]; testId?: string }) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  return (
    <ul className="jq-home-rows" data-testid={testId}>
      {rows.map((row) => (
        <li key={`${row.kind}:${row.id}`}>
          <SafeLink href={recordUrl(row.kind, row.id, isSignedIn)} className="jq-home-row">
            <span className="jq-home-row-icon">{ICONS[row.kind]}</span>
            <span className="jq-home-row-name">{row.name}</span>
            {row.meta && <span className="jq-home-row-meta">{row.meta}</span>}
          </SafeLink>
        </li>
      ))}
    </ul>
  );
}

function SectionError({ onRetry }: { onRetry(): void }) {
  return (
    <div className="jq-home-error">
      {assistant.loadFailed}
      <Button size="small" type="link" onClick={onRetry}>
        {assistant.retry}
      </Button>
    </div>
  );
}

export function RecentActions() {
  const actions = useHomeUserActions();
  if (actions.isPending) return <LineSkeleton rows={3} label={assistant.recentActions} />;
  if (actions.isError) return <SectionError onRetry={() => void actions.refetch()} />;
  if (actions.data.list.length === 0) {
    return <p className="jq-home-empty">{assistant.recentEmpty}</p>;
  }
  return (
    <ul className="jq-home-rows" data-testid="recent-actions">
      {actions.data.list.map((action) => (
        <li key={`${action.url}-${action.at}`}>
          <SafeLink href={action.url} className="jq-home-row">
            <span className="jq-home-row-icon">
              <ClockCircleOutlined />
            </span>
            <span className="jq-home-row-name">{action.title}</span>
            <span className="jq-home-row-tag">{assistant.actionTypes[action.type]}</span>
            <span className="jq-home-row-meta">{dayjs(action.at).format('MM-DD HH:mm')}</span>
          </SafeLink>
        </li>
      ))}
    </ul>
  );
}

export function Recommendations() {
  const recommend = useRecommendations();
  if (recommend.isPending) return <LineSkeleton rows={4} label={assistant.recommendTitle} />;
  if (recommend.isError) return <SectionError onRetry={() => void recommend.refetch()} />;
  const rows = hitRows(recommend.data);
  if (rows.length === 0) return <p className="jq-home-empty">{assistant.recommendEmpty}</p>;
  return (
    <>
      {recommend.data.basis.length > 0 && (
        <p className="jq-home-basis">{assistant.recommendBasis(recommend.data.basis.join('、'))}</p>
      )}
      <RecordRows rows={rows.slice(0, 8)} testId="recommendations" />
    </>
  );
}
