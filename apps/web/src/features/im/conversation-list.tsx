/** The user's conversations, newest activity first, with unread counts and the last message. */
import { TeamOutlined } from '@ant-design/icons';
import { type ImConversation, LIMITS } from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Empty, Skeleton } from 'antd';
import { useEffect, useMemo } from 'react';
import { im } from '../../locales/zh-CN/im';
import { LoadError } from '../../shared/components/load-error';
import { UserAvatar } from '../../shared/components/user-avatar';
import { listConversations } from './api';
import { messagePreview, messageTime } from './format';
import { unreadOf, useImStore } from './im-store';

export const conversationsKey = (version: number) => ['im', 'conversations', version] as const;

export function useConversations() {
  const version = useImStore((state) => state.listVersion);
  const query = useQuery({ queryKey: conversationsKey(version), queryFn: () => listConversations() });
  useEffect(() => {
    if (query.data) useImStore.getState().setSummaries(query.data.list);
  }, [query.data]);
  return query;
}

export interface ConversationListProps {
  activeId: number | null;
  onOpen(id: number): void;
}

export function ConversationList({ activeId, onOpen }: ConversationListProps) {
  const query = useConversations();
  const summaries = useImStore((state) => state.summaries);
  const positions = useImStore((state) => state.positions);
  const previews = useImStore((state) => state.previews);

  const rows = useMemo(() => {
    const list: ImConversation[] = Object.values(summaries).filter(
      (c) => c.kind === 'group' || (previews[c.id] ?? c.lastMessage) || c.id === activeId,
    );
    const activity = (c: ImConversation) => previews[c.id]?.at ?? c.lastMessage?.at ?? c.updatedAt;
    return list.sort((a, b) => activity(b).localeCompare(activity(a)));
  }, [summaries, previews, activeId]);

  if (query.isPending && rows.length === 0) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (query.isError && rows.length === 0) return <LoadError onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <Empty className="jq-im-empty" description={im.emptyChats} />;

  return (
    <ul className="jq-im-conv-list" data-testid="im-conversations">
      {rows.map((c) => {
        const unread = unreadOf(positions[c.id]);
        const last = previews[c.id] ?? c.lastMessage;
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`jq-im-conv${c.id === activeId ? ' is-active' : ''}`}
              onClick={() => onOpen(c.id)}
              data-testid="im-conversation"
              data-conv={c.id}
            >
              <Badge count={unread} overflowCount={LIMITS.unreadOverflow} size="small" offset={[-4, 4]}>
                {c.kind === 'group' ? (
                  <span className="jq-im-group-avatar" aria-hidden>
                    <TeamOutlined />
                  </span>
                ) : (
                  <UserAvatar src={c.avatar || null} name={c.name} size={42} />
                )}
              </Badge>
              <span className="jq-im-conv-main">
                <span className="jq-im-conv-top">
                  <span className="jq-im-conv-name">
                    {c.name}
                    {c.kind === 'group' && (
                      <span className="jq-im-muted"> · {im.members(c.memberCount)}</span>
                    )}
                  </span>
                  <span className="jq-im-muted jq-im-conv-time">{last ? messageTime(last.at) : ''}</span>
                </span>
                <span className="jq-im-conv-last">{messagePreview(last)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
