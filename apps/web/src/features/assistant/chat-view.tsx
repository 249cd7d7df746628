/**
 * The conversation surface shared by /jq/chat, /jq/mixchat and /homechat: the messages
 * (Ant Design X bubbles, answers streamed in), the sender (Enter sends, Shift+Enter a new
 * line, Esc or the stop button stops), follow-up suggestions, the free turns left and, when
 * they are used up, the spec's locked-content button with the unlock flow.
 */
import { Bubble, Sender } from '@ant-design/x';
import { QUESTION_MAX_CHARS } from '@jq/contract';
import { Button, Result, Spin, Tooltip } from 'antd';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { LockedContentButton } from '../../shared/components/locked-content-button';
import { ChatUnlockModal } from '../billing';
import { AnswerActions, AnswerContent, QuestionContent, Suggestions } from './answer-content';
import type { ViewMessage } from './chat-model';
import type { useChatSession } from './use-chat-session';
import './assistant.css';
import { useFeedback } from '../../shared/feedback/feedback';

type Session = ReturnType<typeof useChatSession>;

export interface ChatViewProps {
  session: Session;
  placeholder: string;
  /** Shown while the conversation has no message yet; `ask` sends a picked question. */
  welcome: (ask: (text: string) => void) => ReactNode;
  /** Above the sender (agent picker, scope). */
  toolbar?: ReactNode;
  onNewChat?(): void;
}

export function ChatView({ session, placeholder, welcome, toolbar, onNewChat }: ChatViewProps) {
  const { message } = useFeedback();
  const [draft, setDraft] = useState('');
  const [isUnlockOpen, setUnlockOpen] = useState(false);
  const { messages, isStreaming, quota } = session;

  // Esc stops a generation wherever the focus is.
  useEffect(() => {
    if (!isStreaming) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') session.stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isStreaming, session.stop]);

  const submit = async (text: string) => {
    const question = text.trim();
    if (!question) return;
    if (question.length > QUESTION_MAX_CHARS) {
      void message.warning(assistant.questionTooLong(QUESTION_MAX_CHARS));
      return;
    }
    setDraft('');
    const result = await session.send(question);
    // Locked: the input stays empty so the unlock button shows (spec: only while not typing).
    if (result === 'busy') setDraft(question);
  };

  const lastIndex = messages.length - 1;
  const items = useMemo(
    () =>
      messages.map((item, index) => ({
        key: item.key,
        role: item.role === 'user' ? 'user' : 'ai',
        content: item,
        streaming: item.status === 'streaming',
        footer:
          item.role === 'assistant' ? (
            <AnswerActions
              message={item}
              isLast={index === lastIndex}
              isBusy={isStreaming}
              onRegenerate={() => void session.regenerate()}
            />
          ) : undefined,
      })),
    [messages, lastIndex, isStreaming, session.regenerate],
  );

  if (session.loadError) {
    return (
      <Result
        status="warning"
        title={assistant.conversationMissing}
        subTitle={session.loadError instanceof Error ? session.loadError.message : assistant.loadFailedDesc}
        extra={onNewChat && <Button onClick={onNewChat}>{assistant.backToNew}</Button>}
      />
    );
  }

  const last: ViewMessage | undefined = messages[lastIndex];
  const isLocked = Boolean(quota?.isLocked) && !isStreaming;
  return (
    <div className="jq-chat-view" data-testid="chat-view">
      <div className="jq-chat-messages">
        {session.isLoading ? (
          <Spin className="jq-chat-loading" />
        ) : messages.length === 0 ? (
          <div className="jq-chat-welcome">{welcome((text) => void submit(text))}</div>
        ) : (
          <Bubble.List
            className="jq-chat-list"
            items={items}
            role={{
              ai: {
                placement: 'start',
                variant: 'borderless',
                contentRender: (content: ViewMessage) => <AnswerContent message={content} />,
              },
              user: {
                placement: 'end',
                contentRender: (content: ViewMessage) => <QuestionContent message={content} />,
              },
            }}
          />
        )}
      </div>
      <div className="jq-chat-bottom">
        {last?.role === 'assistant' && last.status === 'done' && !isStreaming && !isLocked && (
          <Suggestions items={last.suggestions} onPick={(text) => void submit(text)} />
        )}
        {toolbar}
        {isLocked && !draft && quota && (
          <div className="jq-chat-locked" data-testid="chat-locked">
            <span>{quota.isSignedIn ? assistant.lockedNote : assistant.lockedSignedOut}</span>
            <LockedContentButton onUnlock={() => setUnlockOpen(true)} />
          </div>
        )}
        <Sender
          value={draft}
          onChange={(value) => setDraft(value)}
          onSubmit={(value) => void submit(value)}
          onCancel={session.stop}
          loading={isStreaming}
          submitType="enter"
          placeholder={placeholder}
          autoSize={{ minRows: 1, maxRows: 6 }}
          className="jq-chat-sender"
          suffix={(_, { components: { SendButton, LoadingButton } }) =>
            isStreaming ? (
              <Tooltip title={assistant.stop}>
                <LoadingButton aria-label={assistant.stop} data-testid="chat-stop" />
              </Tooltip>
            ) : (
              <SendButton aria-label={assistant.ask} data-testid="chat-send" />
            )
          }
          onKeyDown={(event) => {
            if (event.key === 'Escape' && isStreaming) session.stop();
          }}
        />
        <div className="jq-chat-meta">
          {isStreaming ? (
            <span>{assistant.stopHint}</span>
          ) : quota ? (
            <span data-testid="chat-quota">
              {quota.isUnlocked
                ? assistant.unlockedNote
                : assistant.remaining(quota.remaining, quota.freeTurnsPerDay)}
            </span>
          ) : null}
        </div>
      </div>
      {quota && (
        <Suspense fallback={null}>
          <ChatUnlockModal
            isOpen={isUnlockOpen}
            quota={quota}
            ensureChat={session.ensureChat}
            onUnlocked={session.refreshQuota}
            onClose={() => setUnlockOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
