/** /torder: delivery orders, each one's deliveries, and a refund by the written rule. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Space, Spin, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { formatDate } from '../../shared/format/figures';
import * as api from './api';
import './teaser.css';
import { useFeedback } from '../../shared/feedback/feedback';

function Children({ orderno }: { orderno: string }) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['teaser', 'order', orderno],
    queryFn: () => api.orderChildren({ orderno, pageSize: 100 }),
  });
  if (!query.data) return <Spin />;
  const order = query.data.order;
  return (
    <Card
      size="small"
      title={`${t.order.children} · ${order.orderno}`}
      extra={
        <Button
          disabled={!order.refundableCredits}
          onClick={async () => {
            const r = await api.applyRefund(orderno);
            message.success(t.order.refunded(r.refundedCredits));
            await client.invalidateQueries({ queryKey: ['teaser'] });
          }}
        >
          {order.refundableCredits
            ? `${t.order.refund}（${t.order.refundable(order.refundableCredits)}）`
            : t.order.refund}
        </Button>
      }
    >
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={query.data.list}
        scroll={{ x: 480 }}
        columns={[
          { title: '投资人', dataIndex: 'name' },
          { title: '匹配分', dataIndex: 'score', width: 80 },
          { title: '状态', render: (_, c) => <Tag>{t.order.childStatus[c.status]}</Tag>, width: 90 },
          { title: '送达', render: (_, c) => formatDate(c.deliveredAt), width: 120 },
        ]}
      />
    </Card>
  );
}

export default function OrderPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('orderno');
  const query = useQuery({ queryKey: ['teaser', 'orders'], queryFn: () => api.listOrders({ pageSize: 50 }) });
  return (
    <div className="teaser-page">
      <div className="teaser-head">
        <h2>{t.order.title}</h2>
      </div>
      <Alert type="info" showIcon message={t.order.refundRule} style={{ marginBottom: 12 }} />
      {!query.data ? (
        <Spin />
      ) : !query.data.list.length ? (
        <Empty description={t.order.empty} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <List
            bordered
            dataSource={query.data.list}
            renderItem={(o) => (
              <List.Item
                style={{
                  cursor: 'pointer',
                  background: o.orderno === selected ? 'rgba(22,119,255,0.06)' : undefined,
                }}
                onClick={() => setParams({ orderno: o.orderno }, { replace: true })}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{o.teaserTitle}</span>
                      <Tag color={o.status === 'paid' ? 'processing' : 'default'}>
                        {t.order.status[o.status]}
                      </Tag>
                    </Space>
                  }
                  description={`${o.orderno} · ${o.children.total} 位投资人 · ${o.totalCredits} 算力 · 已送达 ${o.children.delivered} · 已退 ${o.refundedCredits} 算力 · ${formatDate(o.createdAt)}`}
                />
              </List.Item>
            )}
          />
          {selected ? <Children orderno={selected} /> : null}
        </Space>
      )}
    </div>
  );
}
