/**
 * The conversation list beside a chat (Ant Design X Conversations): newest first, the open
 * one marked, a new-chat button, and per conversation share and delete (with confirmation).
 */
import { DeleteOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Conversations } from '@ant-design/x';
import type { ChatKind } from '@jq/contract';
import { Button, Empty, Spin } from 'antd';
import { assistant } from '../../locales/zh-CN/assistant';
import { useHistory } from './queries';
import { useConversationActions } from './use-conversation-actions';

export interface ConversationListProps {
  kind: ChatKind;
  activeChatuuid: string | null;
  onOpen(chatuuid: string): void;
  onNew(): void;
}

export function ConversationList({ kind, activeChatuuid, onOpen, onNew }: ConversationListProps) {
  const history = useHistory({ kind, page: 1, pageSize: 50 });
  const actions = useConversationActions();
  const list = history.data?.list ?? [];
  return (
    <div className="jq-conv" data-testid="conversation-list">
      <Button block icon={<PlusOutlined />} onClick={onNew} className="jq-conv-new" data-testid="new-chat">
        {assistant.newChat}
      </Button>
      {history.isPending ? (
        <Spin className="jq-conv-loading" />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={assistant.conversationsEmpty} />
      ) : (
        <Conversations
          items={list.map((item) => ({
            key: item.chatuuid,
            label: item.title || assistant.newChat,
            title: item.title,
          }))}
          activeKey={activeChatuuid ?? undefined}
          onActiveChange={(key) => onOpen(String(key))}
          menu={(item) => ({
            items: [
              { key: 'share', label: assistant.share, icon: <ShareAltOutlined /> },
              { key: 'delete', label: assistant.delete, icon: <DeleteOutlined />, danger: true },
            ],
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              const chatuuid = String(item.key);
              if (key === 'share') void actions.share(chatuuid);
              if (key === 'delete') {
                actions.confirmDelete(chatuuid, () => {
                  if (chatuuid === activeChatuuid) onNew();
                });
              }
            },
          })}
        />
      )}
    </div>
  );
}
