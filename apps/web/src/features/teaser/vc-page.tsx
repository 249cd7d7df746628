/** /teaserVc: an investor's thesis → the teasers that fit it, with the matching engine's reasons. */
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { teaser as t } from '../../locales/zh-CN/teaser';
import * as api from './api';
import { TeaserCard } from './parts';
import './teaser.css';

export default function VcPage() {
  const [thesis, setThesis] = useState('');
  const match = useMutation({
    mutationFn: (text: string) => api.matchTeaser({ thesis: text, pageSize: 30 }),
  });
  return (
    <div className="teaser-page">
      <div className="teaser-head">
        <h2>{t.vc.title}</h2>
      </div>
      <Card style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            rows={3}
            maxLength={2000}
            value={thesis}
            placeholder={t.vc.placeholder}
            onChange={(e) => setThesis(e.target.value)}
          />
          <Button
            type="primary"
            loading={match.isPending}
            disabled={!thesis.trim()}
            onClick={() => match.mutate(thesis.trim())}
          >
            {t.vc.submit}
          </Button>
        </Space>
      </Card>
      {match.data ? (
        match.data.list.length ? (
          <div className="teaser-grid">
            {match.data.list.map((item) => (
              <TeaserCard
                key={item.id}
                item={item}
                footer={
                  <Tooltip title={item.reasons.map((r) => r.text).join('；')}>
                    <span>{t.score(item.score)}</span>
                  </Tooltip>
                }
              />
            ))}
          </div>
        ) : (
          <Empty description={t.vc.empty} />
        )
      ) : null}
    </div>
  );
}
