/**
 * /share?token=: a conversation someone shared, read-only (questions, answers with their
 * citations). The reader may copy it into a conversation of their own and go on from there.
 */
import type { ChatKind } from '@jq/contract';
import { Button, Result, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { assistant } from '../../locales/zh-CN/assistant';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { AnswerContent, QuestionContent } from './answer-content';
import { readSharedChat } from './api';
import { fromServer } from './chat-model';
import { useSharedChat } from './queries';
import { conversationUrl } from './record-links';
import './assistant.css';
import { useFeedback } from '../../shared/feedback/feedback';

export default function SharePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const shared = useSharedChat(token);
  const navigate = useAppNavigate();
  const { message } = useFeedback();
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const [isForking, setForking] = useState(false);

  if (!token || shared.isError) {
    return <Result status="404" title={assistant.shareMissing} />;
  }
  if (shared.isPending) return <Spin className="jq-chat-loading" />;

  const { conversation, messages } = shared.data;
  const fork = async () => {
    if (!isSignedIn) return openLogin();
    setForking(true);
    try {
      const copy = await readSharedChat(token, true);
      if (copy.forkedChatuuid) navigate(conversationUrl(conversation.kind as ChatKind, copy.forkedChatuuid));
    } catch {
      void message.error(assistant.loadFailed);
    } finally {
      setForking(false);
    }
  };

  return (
    <div className="jq-panel jq-share" data-testid="share-page">
      <header className="jq-share-head">
        <h2 className="jq-history-title">{conversation.title || assistant.shareTitle}</h2>
        <Tag>{assistant.historyKinds[conversation.kind]}</Tag>
        <span className="jq-share-note">{assistant.shareReadOnly}</span>
      </header>
      <div className="jq-share-messages">
        {messages.map((item) => {
          const view = fromServer(item);
          return (
            <div key={view.key} className={`jq-share-msg is-${view.role}`}>
              {view.role === 'user' ? <QuestionContent message={view} /> : <AnswerContent message={view} />}
            </div>
          );
        })}
      </div>
      <div className="jq-share-foot">
        <Button type="primary" loading={isForking} onClick={() => void fork()} data-testid="share-fork">
          {assistant.shareContinue}
        </Button>
      </div>
    </div>
  );
}
