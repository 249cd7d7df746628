/**
 * /jq/chat and /jq/mixchat: the conversation list (a drawer on phones), the agent picker
 * (chat) or the report scope (research chat), and the chat view. The open conversation is
 * `?chatuuid=` so a reload or a shared address shows it again; `?q=` asks at once; a
 * research chat may be limited to reports with `?pid=` (repeatable). The header's menu makes
 * a BP draft or a report from the conversation.
 */
import { HistoryOutlined, ShareAltOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Prompts } from '@ant-design/x';
import type { ChatKind } from '@jq/contract';
import { Button, Drawer, Select, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { assistant } from '../../locales/zh-CN/assistant';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useSendPlaceholder } from '../../shared/hooks/use-send-placeholder';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { ChatView } from './chat-view';
import { ConversationList } from './conversation-list';
import { ConversationMenu } from './conversation-menu';
import { useAgents, useQuickQuestions } from './queries';
import { useChatSession } from './use-chat-session';
import { useConversationActions } from './use-conversation-actions';

export function ChatWorkspace({ kind }: { kind: ChatKind }) {
  const [params, setParams] = useSearchParams();
  const navigate = useAppNavigate();
  const { isMobile } = useBreakpoint();
  const placeholder = useSendPlaceholder(
    kind === 'mixchat' ? assistant.mixchatPlaceholder : assistant.chatPlaceholder,
  );
  const [isListOpen, setListOpen] = useState(false);
  const chatuuid = params.get('chatuuid');
  const initialQuestion = params.get('q');
  const pidParam = params.getAll('pid').join(',');
  const pids = useMemo(
    () =>
      pidParam
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    [pidParam],
  );
  const agents = useAgents();
  const [agentId, setAgentId] = useState<string | undefined>();
  const agentList = kind === 'chat' ? (agents.data?.list ?? []) : [];
  const agent =
    agentList.find((item) => item.id === agentId) ?? agentList.find((item) => item.isDefault) ?? agentList[0];

  const session = useChatSession({
    kind,
    chatuuid,
    action: kind,
    agent: kind === 'chat' ? agent?.id : undefined,
    pids: kind === 'mixchat' && pids.length ? pids : undefined,
    onCreated: (uuid) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('chatuuid', uuid);
          next.delete('q');
          return next;
        },
        { replace: true },
      ),
  });
  const conversationAgent = session.conversation?.agent;
  useEffect(() => {
    if (conversationAgent) setAgentId(conversationAgent);
  }, [conversationAgent]);

  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !initialQuestion || chatuuid) return;
    asked.current = true;
    void session.send(initialQuestion);
  }, [initialQuestion, chatuuid, session.send]);

  const quick = useQuickQuestions(kind === 'mixchat' ? 'mixchat' : 'chat', agent?.id);
  const actions = useConversationActions();
  const base = kind === 'mixchat' ? '/jq/mixchat' : '/jq/chat';
  const open = (uuid: string | null) => {
    setListOpen(false);
    navigate(uuid ? `${base}?chatuuid=${encodeURIComponent(uuid)}` : base);
  };

  const list = (
    <ConversationList
      kind={kind}
      activeChatuuid={chatuuid}
      onOpen={(uuid) => open(uuid)}
      onNew={() => open(null)}
    />
  );
  const questions =
    kind === 'chat' && agent?.questions.length
      ? agent.questions
      : (quick.data?.list ?? []).map((q) => q.text);
  const welcomeText = kind === 'chat' ? (agent?.welcome ?? assistant.homeSubtitle) : assistant.mixchatWelcome;

  return (
    <div className="jq-chat-page" data-testid={`${kind}-page`}>
      {!isMobile && <aside className="jq-chat-side">{list}</aside>}
      <section className="jq-chat-main">
        <header className="jq-chat-head">
          {isMobile && (
            // A list icon, not a second hamburger beside the header's menu button.
            <Button
              icon={<UnorderedListOutlined />}
              onClick={() => setListOpen(true)}
              aria-label={assistant.openConversations}
              title={assistant.openConversations}
              data-testid="open-conversations"
            />
          )}
          <h2 className="jq-chat-title">
            {session.conversation?.title ||
              session.messages.find((item) => item.role === 'user')?.content ||
              assistant.newChat}
          </h2>
          {kind === 'chat' && agentList.length > 0 && (
            <Select
              size="middle"
              value={agent?.id}
              onChange={setAgentId}
              options={agentList.map((item) => ({
                value: item.id,
                label: item.name,
                title: item.description,
              }))}
              aria-label={assistant.agent}
              placeholder={assistant.agentPlaceholder}
              className="jq-chat-agent"
              popupMatchSelectWidth={false}
              data-testid="agent-picker"
            />
          )}
          {chatuuid && !isMobile && (
            <Tooltip title={assistant.share}>
              <Button
                icon={<ShareAltOutlined />}
                onClick={() => void actions.share(chatuuid)}
                aria-label={assistant.share}
              />
            </Tooltip>
          )}
          {chatuuid && (
            <ConversationMenu
              chatuuid={chatuuid}
              messages={session.messages}
              isStreaming={session.isStreaming}
              onShare={isMobile ? () => void actions.share(chatuuid) : undefined}
            />
          )}
          <Tooltip title={assistant.historyTitle}>
            <Button
              icon={<HistoryOutlined />}
              onClick={() => navigate('/jq/history')}
              aria-label={assistant.historyTitle}
            />
          </Tooltip>
        </header>
        <ChatView
          session={session}
          placeholder={placeholder}
          onNewChat={() => open(null)}
          toolbar={
            kind === 'mixchat' && pids.length > 0 ? (
              <div className="jq-chat-scope">{assistant.mixchatScoped(pids.length)}</div>
            ) : undefined
          }
          welcome={(ask) => (
            <div className="jq-welcome">
              <h3 className="jq-welcome-title">
                {kind === 'chat' ? (agent?.name ?? assistant.productName) : assistant.historyKinds.mixchat}
              </h3>
              <p className="jq-welcome-text">{welcomeText}</p>
              {questions.length > 0 && (
                <Prompts
                  title={assistant.quickQuestions}
                  items={questions.map((text) => ({ key: text, description: text }))}
                  onItemClick={({ data }) => ask(String(data.key))}
                  wrap
                  className="jq-welcome-prompts"
                />
              )}
            </div>
          )}
        />
      </section>
      {isMobile && (
        <Drawer
          placement="left"
          open={isListOpen}
          onClose={() => setListOpen(false)}
          title={assistant.conversations}
          size={300}
          styles={{ body: { padding: 12 } }}
        >
          {list}
        </Drawer>
      )}
    </div>
  );
}
