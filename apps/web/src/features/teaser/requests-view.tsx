/**
 * Contact requests: for the founder, who asked (accept or decline); for the investor, what
 * they asked and its state. Opening one shows the thread and a box to write in it.
 */
import type { TeaserUnlock } from '@jq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, List, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { useFeedback } from '../../shared/feedback/feedback';
import { formatDate } from '../../shared/format/figures';
import * as api from './api';

const STATUS_COLOR = {
  pending: 'processing',
  accepted: 'success',
  declined: 'default',
  expired: 'warning',
} as const;

export function Thread({ unlockId }: { unlockId: number }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const query = useQuery({
    queryKey: ['teaser', 'thread', unlockId],
    queryFn: () => api.conversation({ unlockId }),
    refetchInterval: 10_000,
  });
  if (!query.data) return <Spin />;
  const open = query.data.unlock?.status === 'pending' || query.data.unlock?.status === 'accepted';
  return (
    <div>
      <div className="teaser-thread">
        {query.data.messages.map((m) => (
          <div key={m.id} className={`teaser-msg ${m.from}`}>
            {m.content}
          </div>
        ))}
      </div>
      {open ? (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            maxLength={1000}
            placeholder={t.requests.placeholder}
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            onClick={async () => {
              await api.sendMessage(unlockId, text.trim());
              setText('');
              await client.invalidateQueries({ queryKey: ['teaser', 'thread', unlockId] });
            }}
          >
            {t.requests.send}
          </Button>
        </Space.Compact>
      ) : null}
    </div>
  );
}

export function RequestsView({ teaserId }: { teaserId?: number }) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [open, setOpen] = useState<TeaserUnlock | null>(null);
  const query = useQuery({
    queryKey: ['teaser', 'requests', teaserId ?? 0],
    queryFn: () => api.conversation({ id: teaserId, pageSize: 50 }),
  });
  if (!query.data) return <Spin />;
  if (!query.data.list.length) return <Empty description={t.requests.none} />;
  const decide = async (item: TeaserUnlock, accept: boolean) => {
    await api.decideUnlock(item.id, accept);
    message.success(accept ? t.requests.status.accepted : t.requests.status.declined);
    await client.invalidateQueries({ queryKey: ['teaser'] });
  };
  return (
    <>
      <List
        dataSource={query.data.list}
        renderItem={(item) => (
          <List.Item
            actions={[
              ...(item.isOwner && item.status === 'pending'
                ? [
                    <Button
                      key="a"
                      type="primary"
                      size="small"
                      onClick={() => void decide(item, true)}
                      data-testid="accept-unlock"
                    >
                      {t.requests.accept}
                    </Button>,
                    <Button key="d" size="small" onClick={() => void decide(item, false)}>
                      {t.requests.decline}
                    </Button>,
                  ]
                : []),
              <Button key="m" size="small" type="link" onClick={() => setOpen(item)}>
                {t.requests.thread}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>
                    {item.isOwner
                      ? `${item.investor.name}${item.investor.company ? ` · ${item.investor.company}` : ''}`
                      : item.teaserTitle}
                  </span>
                  <Tag color={STATUS_COLOR[item.status]}>{t.requests.status[item.status]}</Tag>
                </Space>
              }
              description={`${item.isOwner ? item.teaserTitle : ''} ${item.message ? `「${item.message}」` : ''} ${formatDate(item.createdAt)}`}
            />
          </List.Item>
        )}
      />
      <Drawer open={!!open} onClose={() => setOpen(null)} title={open?.teaserTitle} width={420}>
        {open ? <Thread unlockId={open.id} /> : null}
      </Drawer>
    </>
  );
}
