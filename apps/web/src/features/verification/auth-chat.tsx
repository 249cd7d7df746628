/**
 * The dialogue view: messages as plain text (never HTML), the card as a thumbnail, the
 * "output in progress" note while streaming, a quick link to AI chat when a message carries
 * a homequery, and the 80-character input, hidden once the dialogue has ended.
 */
import { LIMITS, messages } from '@jq/contract';
import { Button, Flex, Input, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { verification as t } from '../../locales/zh-CN/verification';
import type { AuthChat } from './use-auth-chat';

export interface AuthChatViewProps {
  chat: AuthChat;
  onHomeQuery(query: string): void;
  onTooFast(): void;
}

const bubble = (isUser: boolean) => ({
  maxWidth: '85%',
  padding: '8px 12px',
  borderRadius: 10,
  whiteSpace: 'pre-wrap' as const,
  wordBreak: 'break-word' as const,
  lineHeight: 1.7,
  background: isUser ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-tertiary, #f5f5f5)',
});

export function AuthChatView({ chat, onHomeQuery, onTooFast }: AuthChatViewProps) {
  const [draft, setDraft] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const isOpen = chat.state === 'dialogue';

  useEffect(() => {
    if (chat.messages.length > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages]);

  const send = () => {
    if (!draft.trim() || chat.isStreaming) return;
    if (chat.send(draft)) setDraft('');
    else onTooFast();
  };

  return (
    <Flex vertical gap={12} data-testid="auth-chat">
      <Flex vertical gap={10} style={{ maxHeight: 360, overflowY: 'auto', paddingRight: 4 }}>
        {chat.messages.map((message) => {
          const isUser = message.role === 'user';
          return (
            <Flex key={message.id} vertical align={isUser ? 'flex-end' : 'flex-start'} gap={4}>
              {message.msgtype === 'image_url' ? (
                <img
                  src={message.content}
                  alt={t.cardAlt}
                  width={LIMITS.cropWidth / 1.5}
                  height={LIMITS.cropHeight / 1.5}
                  style={{ borderRadius: 8, objectFit: 'cover' }}
                />
              ) : (
                <div style={bubble(isUser)} data-testid={`auth-msg-${message.role}`}>
                  {message.content}
                </div>
              )}
              {message.homequery && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => onHomeQuery(message.homequery)}
                  data-testid="auth-homequery"
                >
                  {t.toHomeChat}：{message.homequery}
                </Button>
              )}
            </Flex>
          );
        })}
        <div ref={bottom} />
      </Flex>
      {chat.isWaiting && (
        <Flex align="center" gap={8} data-testid="auth-waiting">
          <Spin size="small" />
          <Typography.Text type="secondary">{t.waiting}</Typography.Text>
        </Flex>
      )}
      {chat.isStreaming && !chat.isWaiting && (
        <Typography.Text type="secondary" data-testid="auth-streaming">
          {messages.outputInProgress}
        </Typography.Text>
      )}
      {chat.error && <Typography.Text type="danger">{chat.error}</Typography.Text>}
      {isOpen && (
        <Flex gap={8} data-testid="auth-input">
          <Input
            value={draft}
            maxLength={LIMITS.messageMaxChars}
            showCount
            placeholder={t.inputPlaceholder}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={send}
            data-testid="auth-input-box"
          />
          <Button
            type="primary"
            onClick={send}
            disabled={!draft.trim() || chat.isStreaming}
            data-testid="auth-send"
          >
            {t.send}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
