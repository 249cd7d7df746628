/**
 * /teaserResult?id=: the owner's teaser. Streams the AI's writing when asked (`gen=1`),
 * every section editable, publish, share link, investors matched (streamed with reasons)
 * and a delivery order, who viewed it (unique viewers a day), and contact requests.
 */
import { TEASER_SECTION_LABELS, TEASER_SECTIONS, type Teaser, type TeaserSection } from '@jq/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Input,
  List,
  Modal,
  Select,
  Space,
  Spin,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { formatDate } from '../../shared/format/figures';
import { routePath } from '../../shared/navigation/route-path';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import * as api from './api';
import { DailyChart, formatMs, TeaserGone, teaserUrl } from './parts';
import { RequestsView } from './requests-view';
import { TeaserSheet } from './sheet';
import './teaser.css';
import { useFeedback } from '../../shared/feedback/feedback';

type MatchItem = api.MatchInvestorPage['list'][number];

function MatchTab({ teaser }: { teaser: Teaser }) {
  const { message } = useFeedback();
  const navigate = useAppNavigate();
  const [items, setItems] = useState<MatchItem[]>([]);
  const [reasons, setReasons] = useState<Record<number, string[]>>({});
  const [picked, setPicked] = useState<number[]>([]);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    setItems([]);
    setReasons({});
    try {
      for await (const event of api.matchInvestorStream(teaser.id, 20)) {
        if (event.card === 'match') setItems((list) => [...list, event.item as MatchItem]);
        if (event.card === 'reasons')
          setReasons((r) => ({
            ...r,
            [event.id as number]: (event.reasons as { text: string }[]).map((x) => x.text),
          }));
      }
    } finally {
      setRunning(false);
    }
  };
  const order = async () => {
    const created = await api.createOrder(teaser.id, picked);
    message.success(t.ordered);
    navigate(`${routePath('torder')}?orderno=${created.orderno}`);
  };
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" loading={running} onClick={() => void run()}>
          {running ? t.matching : t.matchStart}
        </Button>
        <Button disabled={!picked.length || teaser.status !== 'published'} onClick={() => void order()}>
          {t.deliver(picked.length, picked.length * 20)}
        </Button>
      </Space>
      <List
        dataSource={items}
        renderItem={(item) => {
          const who = item.investor ?? item.institution;
          return (
            <List.Item>
              <Checkbox
                checked={picked.includes(item.id)}
                disabled={item.kind !== 'investor'}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, item.id] : p.filter((x) => x !== item.id)))
                }
                style={{ marginRight: 12 }}
              />
              <List.Item.Meta
                title={
                  <Space wrap>
                    <span>{who?.name}</span>
                    {item.investor?.institutionName ? (
                      <span className="teaser-note">{item.investor.institutionName}</span>
                    ) : null}
                    <Tag color="blue">{t.score(item.score)}</Tag>
                  </Space>
                }
                description={(reasons[item.id] ?? []).slice(0, 3).join('；')}
              />
            </List.Item>
          );
        }}
      />
    </div>
  );
}

function AnalyticsTab({ id }: { id: number }) {
  const query = useQuery({
    queryKey: ['teaser', 'views', id],
    queryFn: () => api.investorViews({ id, days: 30 }),
  });
  if (!query.data) return <Spin />;
  const d = query.data;
  return (
    <div data-testid="teaser-analytics">
      <div className="teaser-stats">
        <Card size="small">
          <Statistic title={t.analytics.visits} value={d.totals.visits} />
        </Card>
        <Card size="small">
          <Statistic title={t.analytics.unique} value={d.totals.uniqueViewers} />
        </Card>
        <Card size="small">
          <Statistic title={t.analytics.total} value={formatMs(d.totals.totalMs)} />
        </Card>
        <Card size="small">
          <Statistic title={t.analytics.avg} value={formatMs(d.totals.avgMs)} />
        </Card>
      </div>
      <Card size="small" title={t.analytics.chart} style={{ marginBottom: 12 }}>
        <DailyChart points={d.chart} />
      </Card>
      <Table
        size="small"
        rowKey={(r) => `${r.userId}:${r.lastAt}`}
        dataSource={d.list}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t.analytics.none }}
        columns={[
          {
            title: t.analytics.viewer,
            render: (_, r) =>
              `${r.name}${r.company ? ` · ${r.company}` : ''}${r.viaShare ? `（${t.analytics.viaShare}）` : ''}`,
          },
          { title: t.analytics.visits, dataIndex: 'visits', width: 90 },
          { title: t.analytics.total, render: (_, r) => formatMs(r.totalMs), width: 110 },
          {
            title: t.analytics.sections,
            render: (_, r) =>
              Object.entries(r.sections)
                .sort((a, b) => b[1] - a[1])
                .map(([k, ms]) => `${TEASER_SECTION_LABELS[k as TeaserSection] ?? k} ${formatMs(ms)}`)
                .join('、'),
          },
          { title: t.analytics.last, render: (_, r) => formatDate(r.lastAt), width: 120 },
        ]}
      />
    </div>
  );
}

function ShareButton({ id }: { id: number }) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number | undefined>();
  const [link, setLink] = useState<string | null>(null);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t.share}</Button>
      <Modal open={open} title={t.shareTitle} onCancel={() => setOpen(false)} footer={null}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <span>{t.shareExpiry}</span>
            <Select
              style={{ width: 140 }}
              value={days ?? 0}
              onChange={(v) => setDays(v || undefined)}
              options={[
                { value: 0, label: t.shareNever },
                ...[1, 7, 30].map((d) => ({ value: d, label: t.shareDays(d) })),
              ]}
            />
            <Button type="primary" onClick={async () => setLink((await api.shareTeaser(id, days)).shortUrl)}>
              {t.shareCreate}
            </Button>
          </Space>
          {link ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link} />
              <Button
                onClick={() =>
                  void navigator.clipboard?.writeText(link).then(() => message.success(t.copied))
                }
              >
                {t.copy}
              </Button>
            </Space.Compact>
          ) : null}
        </Space>
      </Modal>
    </>
  );
}

export default function ResultPage() {
  const { message } = useFeedback();
  const navigate = useAppNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useQuery({
    queryKey: ['teaser', 'own', id],
    queryFn: () => api.getTeaser({ id }),
    enabled: id > 0,
    retry: false,
  });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [streaming, setStreaming] = useState<{ sections: Record<string, string>; engine: string } | null>(
    null,
  );
  const [tab, setTab] = useState('content');
  const started = useRef(false);
  const generate = async () => {
    const abort = new AbortController();
    setStreaming({ sections: {}, engine: '' });
    try {
      for await (const event of api.generateTeaser(id, { signal: abort.signal, timeoutMs: 30_000 })) {
        if (event.type === 'status' && event.status === 'start')
          setStreaming((s) => s && { ...s, engine: String(event.engine) });
        if (event.type === 'delta')
          setStreaming(
            (s) =>
              s && {
                ...s,
                sections: {
                  ...s.sections,
                  [event.section as string]:
                    (s.sections[event.section as string] ?? '') + (event.content as string),
                },
              },
          );
        if (event.type === 'card' && event.card === 'teaser') {
          // A first load still on its way would overwrite the written teaser with the empty one.
          await client.cancelQueries({ queryKey: ['teaser', 'own', id] });
          client.setQueryData(['teaser', 'own', id], event.teaser);
          setDraft({});
        }
      }
    } finally {
      setStreaming(null);
    }
  };
  useEffect(() => {
    if (params.get('gen') === '1' && id && !started.current) {
      started.current = true;
      setParams({ id: String(id) }, { replace: true });
      void generate();
    }
  });
  if (!id || query.isError) return <TeaserGone />;
  const data = query.data;
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const sections = { ...data.sections, ...draft };
  const dirty = Object.keys(draft).length > 0;
  const save = async () => {
    const { __title, ...rest } = draft;
    const saved = await api.editTeaser({
      id,
      sections: rest,
      ...(__title?.trim() ? { title: __title.trim() } : {}),
    });
    client.setQueryData(['teaser', 'own', id], saved);
    setDraft({});
    message.success(t.saved);
  };
  const publish = async () => {
    if (dirty) await save();
    const saved = await api.finishTeaser(id);
    client.setQueryData(['teaser', 'own', id], saved);
    message.success(t.publishedOk);
  };
  const remove = async () => {
    await api.deleteDraft(id);
    message.success(t.deleted);
    navigate(`${routePath('teaser')}?tab=mine`);
  };
  const content = streaming ? (
    <div>
      <Tag color="processing">{t.writing}</Tag>
      {streaming.engine ? <span className="teaser-note">{t.engine(streaming.engine)}</span> : null}
      <TeaserSheet teaser={{ ...data, sections: streaming.sections, watermark: '' }} streaming />
    </div>
  ) : (
    <div className="teaser-editor">
      <Input
        value={draft.__title ?? data.title}
        maxLength={100}
        style={{ fontSize: 18, fontWeight: 600, marginBottom: 12 }}
        onChange={(e) => setDraft((d) => ({ ...d, __title: e.target.value }))}
        onBlur={async () => {
          if (draft.__title?.trim()) {
            const { __title, ...rest } = draft;
            client.setQueryData(['teaser', 'own', id], await api.editTeaser({ id, title: __title.trim() }));
            setDraft(rest);
          }
        }}
      />
      {TEASER_SECTIONS.map((key) => (
        <div key={key} className="teaser-section">
          <h3>{TEASER_SECTION_LABELS[key]}</h3>
          <Input.TextArea
            data-testid={`section-${key}`}
            autoSize={{ minRows: 2, maxRows: 12 }}
            maxLength={4000}
            value={sections[key] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
        </div>
      ))}
    </div>
  );
  return (
    <div className="teaser-page">
      <div className="teaser-head">
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {data.title}
          </Typography.Title>
          <Tag color={data.status === 'published' ? 'green' : undefined}>
            {data.status === 'published' ? t.published : t.draft}
          </Tag>
          {data.isAnonymous ? <Tag>{t.anonymous}</Tag> : null}
        </Space>
        <Space wrap>
          <Button disabled={!!streaming} onClick={() => void generate()}>
            {t.regenerate}
          </Button>
          <Button disabled={!dirty} onClick={() => void save()}>
            {t.save}
          </Button>
          {data.status === 'draft' ? (
            <>
              <Button
                type="primary"
                disabled={!!streaming}
                onClick={() => void publish()}
                data-testid="teaser-publish"
              >
                {t.publish}
              </Button>
              <Button danger onClick={() => void remove()}>
                {t.delete}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => navigate(teaserUrl(id))}>{t.preview}</Button>
              <ShareButton id={id} />
            </>
          )}
        </Space>
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'content', label: t.resultTabs.content, children: content },
          { key: 'match', label: t.resultTabs.match, children: <MatchTab teaser={data} /> },
          { key: 'analytics', label: t.resultTabs.analytics, children: <AnalyticsTab id={id} /> },
          { key: 'requests', label: t.resultTabs.requests, children: <RequestsView teaserId={id} /> },
        ]}
      />
    </div>
  );
}
