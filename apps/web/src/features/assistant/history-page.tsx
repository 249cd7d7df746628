/**
 * /jq/history: every conversation of the user (AI chat and research chat), searchable by
 * title, newest first, paged; open one to continue it, share it, or delete it after
 * confirmation.
 */
import { DeleteOutlined, MessageOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { ChatKind } from '@jq/contract';
import { Button, Empty, Input, List, Result, Segmented, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { SafeLink } from '../../shared/markdown/safe-link';
import { useHistory } from './queries';
import { conversationUrl } from './record-links';
import { useConversationActions } from './use-conversation-actions';
import './assistant.css';

const PAGE_SIZE = 20;
type KindFilter = 'all' | ChatKind;

export default function HistoryPage() {
  const [kind, setKind] = useState<KindFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const history = useHistory({
    kind: kind === 'all' ? undefined : kind,
    keyword: keyword || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const actions = useConversationActions();

  return (
    <div className="jq-panel jq-history" data-testid="history-page">
      <div className="jq-history-head">
        <h2 className="jq-history-title">{assistant.historyTitle}</h2>
        <Segmented<KindFilter>
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: assistant.historyAll },
            { value: 'chat', label: assistant.historyKinds.chat },
            { value: 'mixchat', label: assistant.historyKinds.mixchat },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={assistant.historySearch}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          className="jq-history-search"
          maxLength={100}
        />
      </div>
      {history.isError ? (
        <Result
          status="warning"
          title={assistant.loadFailed}
          subTitle={assistant.loadFailedDesc}
          extra={<Button onClick={() => void history.refetch()}>{assistant.retry}</Button>}
        />
      ) : (
        <List
          loading={history.isPending || history.isPlaceholderData}
          dataSource={history.data?.list ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={assistant.historyEmpty} />,
          }}
          pagination={
            (history.data?.total ?? 0) > PAGE_SIZE && {
              current: page,
              pageSize: PAGE_SIZE,
              total: history.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              size: 'small',
            }
          }
          renderItem={(item) => (
            <List.Item
              data-testid="history-item"
              actions={[
                <Tooltip key="share" title={assistant.share}>
                  <Button
                    type="text"
                    icon={<ShareAltOutlined />}
                    onClick={() => void actions.share(item.chatuuid)}
                    aria-label={assistant.share}
                  />
                </Tooltip>,
                <Tooltip key="delete" title={assistant.delete}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => actions.confirmDelete(item.chatuuid)}
                    aria-label={assistant.delete}
                    data-testid="history-delete"
                  />
                </Tooltip>,
              ]}
            >
              <List.Item.Meta
                avatar={<MessageOutlined className="jq-history-icon" />}
                title={
                  <SafeLink href={conversationUrl(item.kind, item.chatuuid)} data-testid="history-open">
                    {item.title || assistant.newChat}
                  </SafeLink>
                }
                description={
                  <span className="jq-history-meta">
                    <Tag>{assistant.historyKinds[item.kind]}</Tag>
                    <span>{assistant.messagesCount(item.messageCount)}</span>
                    <span>{dayjs(item.updatedAt).format('YYYY-MM-DD HH:mm')}</span>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
