/**
 * AI search results on /homechat (`?mode=search&q=` searches at once, `&fusion=1` adds report
 * passages; `?searchId=` shows a stored session). Each question shows its streamed summary
 * (the one markdown renderer, quotes opening the PDF viewer at the page) beside the hits
 * grouped 项目 / 机构 / 投资人 / 研报. Once a search starts the address holds `searchId`, so
 * a reload reads the stored result instead of searching again. Follow-ups continue the
 * session; Esc or the stop button stops a search.
 */
import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Sender } from '@ant-design/x';
import { QUESTION_MAX_CHARS } from '@jq/contract';
import { Button, Empty, Result, Spin, Switch, Tag, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { assistant } from '../../locales/zh-CN/assistant';
import { ApiError } from '../../shared/api/client';
import { SafeLink } from '../../shared/markdown/safe-link';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { AnswerContent, KIND_ICONS } from './answer-content';
import { type HitGroup, hitGroups, type SearchTurn } from './search-model';
import { useAiSearch } from './use-ai-search';
import './ai-search.css';
import { useFeedback } from '../../shared/feedback/feedback';
import { useSendPlaceholder } from '../../shared/hooks/use-send-placeholder';
import { useOwnBackControl } from '../../shared/navigation/own-back';

export function AiSearchView() {
  useOwnBackControl();
  const { message } = useFeedback();
  const [params, setParams] = useSearchParams();
  const navigate = useAppNavigate();
  const followUpPlaceholder = useSendPlaceholder(assistant.searchFollowUp);
  const searchId = params.get('searchId');
  const question = params.get('q')?.trim() ?? '';
  const isFusion = params.get('fusion') === '1';
  const [draft, setDraft] = useState('');
  const session = useAiSearch({
    searchId,
    onStarted: (id) =>
      setParams(
        (current) => {
          const next = new URLSearchParams({ searchId: id });
          if (current.get('fusion') === '1') next.set('fusion', '1');
          return next;
        },
        { replace: true },
      ),
  });
  const { turns, isStreaming, stop } = session;

  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!question || searchId || asked.current === question) return;
    asked.current = question;
    void session.search(question, isFusion);
  }, [question, searchId, isFusion, session.search]);

  // Esc stops a search wherever the focus is.
  useEffect(() => {
    if (!isStreaming) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isStreaming, stop]);

  // A follow-up scrolls into view (inside the results, not the page).
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const body = bodyRef.current;
    const last = body?.querySelector<HTMLElement>('.jq-search-turn:last-child');
    if (body && last && turns.length > 1) body.scrollTop = last.offsetTop;
  }, [turns.length]);

  const setFusion = (checked: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (checked) next.set('fusion', '1');
        else next.delete('fusion');
        return next;
      },
      { replace: true },
    );

  const submit = async (text: string) => {
    const next = text.trim();
    if (!next) return;
    if (next.length > QUESTION_MAX_CHARS) {
      void message.warning(assistant.questionTooLong(QUESTION_MAX_CHARS));
      return;
    }
    setDraft('');
    const result = await session.search(next, isFusion);
    if (result === 'busy') setDraft(next);
  };

  const loadError = session.loadError;
  return (
    <div className="jq-chat-page is-single" data-testid="ai-search-page">
      <section className="jq-chat-main">
        <header className="jq-chat-head">
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/home')}
            aria-label={assistant.homeTitle}
          />
          <h2 className="jq-chat-title">{session.title || question || assistant.searchTitle}</h2>
          <Tag className="jq-search-mode">{assistant.searchTitle}</Tag>
        </header>
        <div className="jq-search-body" ref={bodyRef}>
          {loadError ? (
            <Result
              status="warning"
              title={assistant.searchMissing}
              subTitle={loadError instanceof ApiError ? loadError.msg : assistant.loadFailedDesc}
              extra={<Button onClick={() => navigate('/home')}>{assistant.homeTitle}</Button>}
            />
          ) : session.isLoading ? (
            <Spin className="jq-chat-loading" />
          ) : turns.length === 0 ? (
            <div className="jq-welcome">
              <h3 className="jq-welcome-title">{assistant.searchTitle}</h3>
              <p className="jq-welcome-text">{assistant.searchIntro}</p>
            </div>
          ) : (
            turns.map((turn) => <SearchTurnView key={turn.key} turn={turn} />)
          )}
        </div>
        <div className="jq-chat-bottom">
          <div className="jq-search-fusion">
            <Switch
              id="jq-search-fusion"
              size="small"
              checked={isFusion}
              onChange={setFusion}
              data-testid="search-fusion"
            />
            <label htmlFor="jq-search-fusion">{assistant.fusion}</label>
          </div>
          <Sender
            value={draft}
            onChange={setDraft}
            onSubmit={(value) => void submit(value)}
            onCancel={stop}
            loading={isStreaming}
            submitType="enter"
            placeholder={followUpPlaceholder}
            autoSize={{ minRows: 1, maxRows: 4 }}
            className="jq-chat-sender"
            suffix={(_, { components: { SendButton, LoadingButton } }) =>
              isStreaming ? (
                <Tooltip title={assistant.stop}>
                  <LoadingButton aria-label={assistant.stop} data-testid="search-stop" />
                </Tooltip>
              ) : (
                <SendButton aria-label={assistant.search} data-testid="search-send" />
              )
            }
          />
          <div className="jq-chat-meta">{isStreaming && <span>{assistant.stopHint}</span>}</div>
        </div>
      </section>
    </div>
  );
}

function SearchTurnView({ turn }: { turn: SearchTurn }) {
  const isSignedIn = useUserStore((state) => state.info !== null);
  const groups = hitGroups(turn.hits, isSignedIn);
  const status = turn.answer.status;
  return (
    <article className="jq-search-turn" data-testid="search-turn" data-status={status}>
      <h3 className="jq-search-question">
        <SearchOutlined className="jq-search-question-icon" />
        <span className="jq-search-question-text">{turn.question}</span>
        {turn.kind === 'fusion' && <Tag color="blue">{assistant.fusionTag}</Tag>}
      </h3>
      <div className="jq-search-turn-body">
        <div className="jq-search-summary" data-testid="search-summary">
          <AnswerContent message={turn.answer} />
        </div>
        {groups.length > 0 ? (
          <HitGroups groups={groups} />
        ) : status === 'done' ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={assistant.searchNoHits} />
        ) : null}
      </div>
    </article>
  );
}

export function HitGroups({ groups }: { groups: readonly HitGroup[] }) {
  return (
    <div className="jq-search-groups" data-testid="search-hits">
      {groups.map((group) => (
        <section key={group.kind} className="jq-search-group" data-testid={`search-group-${group.kind}`}>
          <h4 className="jq-search-group-title">
            {KIND_ICONS[group.kind]}
            <span>{group.title}</span>
            <span className="jq-search-count">{assistant.searchCount(group.items.length)}</span>
          </h4>
          <ul className="jq-search-cards">
            {group.items.map((item) => (
              <li key={item.id}>
                <SafeLink
                  href={item.url}
                  className="jq-search-card"
                  title={item.name}
                  data-testid="search-card"
                >
                  <span className="jq-search-card-name">{item.name}</span>
                  {item.meta && <span className="jq-search-card-meta">{item.meta}</span>}
                  {item.summary && <span className="jq-search-card-summary">{item.summary}</span>}
                </SafeLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
