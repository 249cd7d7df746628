/**
 * /knowledge/qa: questions over chosen files (`?ids=1,2`) or a collection (`?collection=`);
 * the conversation lives at `?chatuuid=`, so a reload shows the same answers and citations.
 * Answers stream in; every citation opens the file's preview at the cited page with the
 * quoted passage highlighted.
 */
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import type { KbMessage, KbQuote } from '@jq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Input, List, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { Markdown, QuoteCards } from '../../shared/markdown';
import { createKbChat, streamKbTurn } from './api';
import { detailUrl } from './file-item';
import { kbKeys, useKbChats, useKbConversation } from './queries';
import './knowledge.css';
import { useFeedback } from '../../shared/feedback/feedback';

const quoteHref = (quote: KbQuote) => detailUrl(quote.pid, quote.pages[0], quote.text);

interface LiveAnswer {
  content: string;
  quotes: KbQuote[];
  status: 'streaming' | 'done' | 'stopped' | 'error';
  credits: number;
  error?: string;
}

function History({ current, onPick }: { current: string | null; onPick: (chatuuid: string) => void }) {
  const chats = useKbChats({ page: 1, pageSize: 30 });
  return (
    <List
      size="small"
      loading={chats.isPending}
      dataSource={chats.data?.list ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={knowledge.qa.empty} /> }}
      renderItem={(c) => (
        <List.Item
          className={c.chatuuid === current ? 'jq-kb-chat-item is-active' : 'jq-kb-chat-item'}
          onClick={() => onPick(c.chatuuid)}
        >
          <div className="jq-kb-chat-title">{c.title}</div>
        </List.Item>
      )}
    />
  );
}

function Answer({ message }: { message: Pick<KbMessage, 'content' | 'quotes' | 'credits'> }) {
  return (
    <div className="jq-kb-answer" data-testid="kb-answer">
      <Markdown content={message.content} quotes={message.quotes} quoteHref={quoteHref} />
      <QuoteCards quotes={message.quotes} title={knowledge.qa.quotesTitle} quoteHref={quoteHref} />
      {message.credits > 0 && <Tag color="gold">{knowledge.qa.charged(message.credits)}</Tag>}
    </div>
  );
}

export default function KnowledgeQaPage() {
  const { message } = useFeedback();
  const { isMobile } = useBreakpoint();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const chatuuid = params.get('chatuuid');
  const ids = params.get('ids');
  const collection = params.get('collection');
  const detail = useKbConversation(chatuuid);
  const [question, setQuestion] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const creating = useRef(false);

  // Chosen files or a collection in the address: make the conversation, then keep its id there.
  useEffect(() => {
    if (chatuuid || creating.current || (!ids && !collection)) return;
    creating.current = true;
    const fileIds = (ids ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    createKbChat(collection ? { collectionId: Number(collection) } : { fileIds })
      .then((c) => setParams({ chatuuid: c.chatuuid }, { replace: true }))
      .catch((error: unknown) => message.error(error instanceof Error ? error.message : knowledge.loadFailed))
      .finally(() => {
        creating.current = false;
      });
  }, [chatuuid, ids, collection, setParams, message]);

  const send = async () => {
    const text = question.trim();
    if (!text || !chatuuid || live?.status === 'streaming') return;
    const controller = new AbortController();
    abort.current = controller;
    setAsked(text);
    setQuestion('');
    setLive({ content: '', quotes: [], status: 'streaming', credits: 0 });
    try {
      for await (const event of streamKbTurn(chatuuid, text, {
        signal: controller.signal,
        timeoutMs: 60_000,
      })) {
        if (event.type === 'delta')
          setLive((l) => l && { ...l, content: l.content + String(event.content ?? '') });
        else if (event.type === 'quote') setLive((l) => l && { ...l, quotes: event.quotes as KbQuote[] });
        else if (event.type === 'error')
          setLive((l) => l && { ...l, status: 'error', error: String(event.msg ?? '') });
        else if (event.isend)
          setLive(
            (l) =>
              l && {
                ...l,
                status: event.status === 'stopped' ? 'stopped' : 'done',
                credits: Number(event.credits ?? 0),
              },
          );
      }
    } catch (error) {
      if (!controller.signal.aborted)
        setLive(
          (l) =>
            l && {
              ...l,
              status: 'error',
              error: error instanceof Error ? error.message : knowledge.qa.failed,
            },
        );
    } finally {
      abort.current = null;
      await client.invalidateQueries({ queryKey: kbKeys.conversation(chatuuid) });
      await client.invalidateQueries({ queryKey: ['kb', 'chats'] });
      setAsked(null);
      setLive((l) => (l && l.status !== 'error' ? null : l));
    }
  };

  const conversation = detail.data?.conversation;
  const messages = detail.data?.messages ?? [];
  const history = (
    <History
      current={chatuuid}
      onPick={(c) => {
        setShowHistory(false);
        setLive(null);
        setParams({ chatuuid: c });
      }}
    />
  );

  return (
    <div className="jq-panel jq-kb-qa" data-testid="kb-qa-page">
      {!isMobile && <aside className="jq-kb-qa-side">{history}</aside>}
      <section className="jq-kb-qa-main">
        <div className="jq-kb-qa-head">
          <h2 className="jq-kb-title">{conversation?.title || knowledge.qa.title}</h2>
          <span>
            {isMobile && (
              <Button icon={<HistoryOutlined />} onClick={() => setShowHistory(true)}>
                {knowledge.qa.history}
              </Button>
            )}
            <Button icon={<PlusOutlined />} onClick={() => navigate('/knowledge?tab=mine')}>
              {knowledge.qa.pickFiles}
            </Button>
          </span>
        </div>
        {conversation && (
          <div className="jq-kb-qa-files" data-testid="kb-qa-files">
            <span>{knowledge.qa.files}：</span>
            {conversation.files.map((f) => (
              <Tag key={f.id}>
                <Link to={detailUrl(f.id)}>{f.title}</Link>
              </Tag>
            ))}
          </div>
        )}
        {!chatuuid && !ids && !collection ? (
          <Empty description={knowledge.qa.noChat} />
        ) : (
          <div className="jq-kb-messages">
            {detail.isPending && chatuuid && <Spin />}
            {messages.map((m) =>
              m.role === 'user' ? (
                <div key={m.id} className="jq-kb-question">
                  {m.content}
                </div>
              ) : (
                <Answer key={m.id} message={m} />
              ),
            )}
            {asked && <div className="jq-kb-question">{asked}</div>}
            {live && (
              <>
                {live.status === 'streaming' && !live.content && <Spin tip={knowledge.qa.thinking} />}
                {live.content && <Answer message={live} />}
                {live.status === 'error' && (
                  <Alert type="error" showIcon message={live.error || knowledge.qa.failed} />
                )}
              </>
            )}
          </div>
        )}
        {detail.data && detail.data.answerPrice > 0 && (
          <div className="jq-kb-hint">{knowledge.qa.paidNote(detail.data.answerPrice)}</div>
        )}
        <div className="jq-kb-qa-input">
          <Input.TextArea
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder={knowledge.qa.placeholder}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            disabled={!chatuuid}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
            data-testid="kb-question"
          />
          {live?.status === 'streaming' ? (
            <Button danger onClick={() => abort.current?.abort()}>
              {knowledge.qa.stop}
            </Button>
          ) : (
            <Button
              type="primary"
              disabled={!chatuuid || !question.trim()}
              onClick={() => void send()}
              data-testid="kb-send"
            >
              {knowledge.qa.send}
            </Button>
          )}
        </div>
      </section>
      <Drawer
        open={showHistory}
        onClose={() => setShowHistory(false)}
        title={knowledge.qa.history}
        placement="left"
      >
        {history}
      </Drawer>
    </div>
  );
}
