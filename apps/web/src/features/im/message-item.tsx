/** One message: a system line, or a bubble (text, image or file) with its sender, time and receipt. */
import { EllipsisOutlined, FileOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { ImMessage } from '@jq/contract';
import { Button, Dropdown } from 'antd';
import { im } from '../../locales/zh-CN/im';
import { UserAvatar } from '../../shared/components/user-avatar';
import { fileSize, messageTime } from './format';
import type { Outgoing } from './im-store';

export function SystemLine({ message }: { message: ImMessage }) {
  return (
    <li className="jq-im-system" data-testid="im-system-line" data-seq={message.seq}>
      <span>{message.text}</span>
    </li>
  );
}

function Attachment({ message }: { message: ImMessage }) {
  if (!message.file) return <span className="jq-im-muted">{im.deletedFile}</span>;
  if (message.kind === 'image' && message.file.isImage) {
    return (
      <a href={message.file.url} target="_blank" rel="noopener noreferrer">
        <img className="jq-im-image" src={message.file.url} alt={message.file.name} loading="lazy" />
      </a>
    );
  }
  return (
    <a className="jq-im-file" href={message.file.url} download={message.file.name} data-testid="im-file">
      <FileOutlined className="jq-im-file-icon" />
      <span className="jq-im-file-main">
        <span className="jq-im-file-name">{message.file.name}</span>
        <span className="jq-im-muted">
          {fileSize(message.file.size)} · {im.download}
        </span>
      </span>
    </a>
  );
}

export interface MessageItemProps {
  message: ImMessage;
  isMine: boolean;
  /** Private chats: whether the other person has read it (undefined in groups). */
  isRead?: boolean;
  showSender: boolean;
  onReport(message: ImMessage): void;
}

export function MessageItem({ message, isMine, isRead, showSender, onReport }: MessageItemProps) {
  if (message.kind === 'system') return <SystemLine message={message} />;
  const name = message.sender?.name ?? '';
  return (
    <li className={`jq-im-msg${isMine ? ' is-mine' : ''}`} data-testid="im-message" data-seq={message.seq}>
      <UserAvatar src={message.sender?.avatar || null} name={name} size={36} />
      <div className="jq-im-msg-body">
        {showSender && !isMine && <div className="jq-im-msg-sender">{name}</div>}
        <div className="jq-im-msg-row">
          <div className={`jq-im-bubble${message.kind === 'text' ? '' : ' is-attachment'}`}>
            {message.kind === 'text' ? (
              <span className="jq-im-text">{message.text}</span>
            ) : (
              <Attachment message={message} />
            )}
          </div>
          {!isMine && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [{ key: 'report', label: im.actions.report }],
                onClick: () => onReport(message),
              }}
            >
              <Button
                type="text"
                size="small"
                className="jq-im-msg-more"
                icon={<EllipsisOutlined />}
                aria-label={im.actions.more}
              />
            </Dropdown>
          )}
        </div>
        <div className="jq-im-msg-meta">
          <span>{messageTime(message.at)}</span>
          {isRead !== undefined && (
            <span className={isRead ? 'jq-im-read' : 'jq-im-unread'} data-testid="im-receipt">
              {isRead ? im.read : im.unreadMark}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

export function OutgoingItem({ item, onRetry }: { item: Outgoing; onRetry(cid: string): void }) {
  return (
    <li className="jq-im-msg is-mine is-pending" data-testid="im-outgoing" data-state={item.state}>
      <div className="jq-im-msg-body">
        <div className="jq-im-msg-row">
          <div className="jq-im-bubble">
            <span className="jq-im-text">{item.kind === 'text' ? item.text : item.fileName}</span>
          </div>
        </div>
        <div className="jq-im-msg-meta">
          {item.state === 'sending' ? (
            <span>
              <LoadingOutlined /> {im.sending}
            </span>
          ) : (
            <span className="jq-im-failed">
              <WarningOutlined /> {item.error ?? im.failed}{' '}
              <Button type="link" size="small" onClick={() => onRetry(item.cid)}>
                {im.retry}
              </Button>
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
