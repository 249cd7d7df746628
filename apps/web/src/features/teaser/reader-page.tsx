/**
 * /teaserInfo?id= and /tshare?t=: the teaser as a reader sees it — anonymised as its owner
 * chose, contacts masked until the founder accepts a request, a watermark of the reader —
 * with follow, ask-to-connect and the thread; visible time per section is recorded.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Input, Result, Spin, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { ApiError } from '../../shared/api/client';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { isSignedIn, useUserStore } from '../../shared/stores/user-store';
import * as api from './api';
import { resultUrl, TeaserGone } from './parts';
import { Thread } from './requests-view';
import { TeaserSheet } from './sheet';
import { useViewTracker } from './use-view-tracker';
import './teaser.css';
import { useFeedback } from '../../shared/feedback/feedback';

export function TeaserReader({ id, shareToken }: { id?: number; shareToken?: string }) {
  const { message } = useFeedback();
  useUserStore((s) => s.info);
  const signedIn = isSignedIn();
  const openLogin = useUserStore((s) => s.openLogin);
  const navigate = useAppNavigate();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const sheet = useRef<HTMLDivElement>(null);
  const query = useQuery({
    queryKey: ['teaser', 'read', id ?? 0, shareToken ?? '', signedIn],
    queryFn: () => api.getTeaser({ id, shareToken }),
    retry: false,
  });
  const data = query.data;
  useViewTracker(sheet, data && !data.isOwner ? { id: data.id, shareToken } : null);
  if (query.isError) {
    const msg = query.error instanceof ApiError ? query.error.msg : '加载失败';
    return <TeaserGone subTitle={msg} />;
  }
  if (!data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const refresh = () => client.invalidateQueries({ queryKey: ['teaser', 'read'] });
  const ask = async () => {
    if (!signedIn) return openLogin();
    setBusy(true);
    try {
      await api.unlockContacts(data.id, note.trim() || undefined);
      message.success(t.reader.pending);
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  const follow = async () => {
    if (!signedIn) return openLogin();
    await api.setFocus(data.id, !data.isFollowed);
    await refresh();
  };
  const state = data.contactState;
  return (
    <div className="teaser-page">
      <div className="teaser-reader">
        <div ref={sheet}>
          <TeaserSheet teaser={data} />
        </div>
        <aside className="teaser-side">
          <Card size="small" title={t.reader.contacts}>
            <Descriptions column={1} size="small" data-testid="teaser-contacts">
              <Descriptions.Item label={t.fields.contactName}>{data.contacts.name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t.fields.contactPhone}>
                {data.contacts.phone || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t.fields.contactEmail}>
                {data.contacts.email || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t.fields.contactWechat}>
                {data.contacts.wechat || '—'}
              </Descriptions.Item>
            </Descriptions>
            {state === 'owner' ? (
              <Button block onClick={() => navigate(resultUrl(data.id))}>
                {t.resultTabs.content}
              </Button>
            ) : state === 'unlocked' ? (
              <Tag color="success">{t.reader.unlocked}</Tag>
            ) : state === 'pending' ? (
              <Tag color="processing" data-testid="unlock-pending">
                {t.reader.pending}
              </Tag>
            ) : (
              <>
                {state === 'declined' ? (
                  <Tag>{t.reader.declined}</Tag>
                ) : (
                  <div className="teaser-note">{t.reader.locked}</div>
                )}
                <Input.TextArea
                  rows={2}
                  maxLength={500}
                  placeholder={t.reader.askMessage}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  style={{ margin: '8px 0' }}
                />
                <Button
                  type="primary"
                  block
                  loading={busy}
                  onClick={() => void ask()}
                  data-testid="ask-unlock"
                >
                  {t.reader.ask(data.unlockCredits)}
                </Button>
              </>
            )}
          </Card>
          {state !== 'owner' ? (
            <Button block onClick={() => void follow()}>
              {data.isFollowed ? t.reader.following : t.reader.follow}
            </Button>
          ) : null}
          {data.unlock && (state === 'pending' || state === 'unlocked') ? (
            <Card size="small" title={t.reader.thread}>
              <Thread unlockId={data.unlock.id} />
            </Card>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

export default function ReaderPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  return <TeaserReader id={id} />;
}

export function SharePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  if (!token) return <Result status="404" title={t.reader.gone} subTitle="分享链接无效" />;
  return <TeaserReader shareToken={token} />;
}
