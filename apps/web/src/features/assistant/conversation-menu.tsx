/**
 * The conversation header's action menu (desktop and phone alike): 生成 BP 草稿 and
 * 整理成报告 once the conversation has an answer, and on phones also 分享 (the header has no
 * room for its own button there). The documents open in a drawer.
 */
import { FileDoneOutlined, FileTextOutlined, MoreOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { ChatDocumentDrawer, type ChatDocumentKind } from './chat-documents';
import type { ViewMessage } from './chat-model';

export interface ConversationMenuProps {
  chatuuid: string;
  messages: readonly ViewMessage[];
  isStreaming: boolean;
  /** Given on phones: share moves into the menu. */
  onShare?(): void;
}

/** Answers a document can be made from: finished or stopped, with text. */
export function countAnswers(messages: readonly ViewMessage[]): number {
  return messages.filter(
    (m) => m.role === 'assistant' && (m.status === 'done' || m.status === 'stopped') && m.content.trim(),
  ).length;
}

export function ConversationMenu({ chatuuid, messages, isStreaming, onShare }: ConversationMenuProps) {
  const [open, setOpen] = useState<ChatDocumentKind | null>(null);
  const answers = countAnswers(messages);
  const isDisabled = answers === 0 || isStreaming;
  const note = answers === 0 ? assistant.exportNeedsAnswer : undefined;
  const items: MenuProps['items'] = [
    ...(onShare ? [{ key: 'share', label: assistant.share, icon: <ShareAltOutlined /> }] : []),
    {
      key: 'bp',
      label: <span title={note}>{assistant.exportBp}</span>,
      icon: <FileTextOutlined />,
      disabled: isDisabled,
      'data-testid': 'action-export-bp',
    },
    {
      key: 'report',
      label: <span title={note}>{assistant.chatReport}</span>,
      icon: <FileDoneOutlined />,
      disabled: isDisabled,
      'data-testid': 'action-chat-report',
    },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'share') onShare?.();
    else setOpen(key as ChatDocumentKind);
  };
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button
          icon={<MoreOutlined />}
          aria-label={assistant.moreActions}
          title={assistant.moreActions}
          data-testid="conversation-menu"
        />
      </Dropdown>
      <ChatDocumentDrawer kind={open} chatuuid={chatuuid} answers={answers} onClose={() => setOpen(null)} />
    </>
  );
}
