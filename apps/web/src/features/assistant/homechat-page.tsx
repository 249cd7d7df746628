/**
 * /homechat?q=: the question asked on the home page, answered at once (streamed), and the
 * conversation going on from there. Open to visitors (free turns by client id). After the
 * first answer starts, the address holds `chatuuid` instead of `q`, so a reload shows the
 * conversation rather than asking again. `?mode=search` and `?searchId=` are AI search
 * (ai-search-view.tsx) on the same page.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { assistant } from '../../locales/zh-CN/assistant';
import { useSendPlaceholder } from '../../shared/hooks/use-send-placeholder';
import { useOwnBackControl } from '../../shared/navigation/own-back';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { AiSearchView } from './ai-search-view';
import { ChatView } from './chat-view';
import { useChatSession } from './use-chat-session';

export default function HomechatPage() {
  useOwnBackControl();
  const [params] = useSearchParams();
  const isSearch = params.get('mode') === 'search' || params.has('searchId');
  return isSearch ? <AiSearchView /> : <HomeChat />;
}

function HomeChat() {
  const [params, setParams] = useSearchParams();
  const navigate = useAppNavigate();
  const placeholder = useSendPlaceholder(assistant.chatPlaceholder);
  const chatuuid = params.get('chatuuid');
  const question = params.get('q')?.trim() ?? '';
  const session = useChatSession({
    kind: 'chat',
    chatuuid,
    action: 'homechat',
    onCreated: (uuid) => setParams({ chatuuid: uuid }, { replace: true }),
  });

  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!question || chatuuid || asked.current === question) return;
    asked.current = question;
    void session.send(question);
  }, [question, chatuuid, session.send]);

  return (
    <div className="jq-chat-page is-single" data-testid="homechat-page">
      <section className="jq-chat-main">
        <header className="jq-chat-head">
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/home')}
            aria-label={assistant.homeTitle}
          />
          <h2 className="jq-chat-title">
            {session.conversation?.title || question || assistant.productName}
          </h2>
        </header>
        <ChatView
          session={session}
          placeholder={placeholder}
          onNewChat={() => navigate('/home')}
          welcome={() => (
            <div className="jq-welcome">
              <h3 className="jq-welcome-title">{assistant.productName}</h3>
              <p className="jq-welcome-text">{assistant.homeSubtitle}</p>
            </div>
          )}
        />
      </section>
    </div>
  );
}
