/**
 * What one message shows: a question as plain text; an answer as markdown with its linked
 * records, its citation cards, its state (writing, stopped, failed) and, when done, copy
 * and regenerate. Nothing from the answer is rendered as HTML (the markdown renderer).
 */
import {
  BankOutlined,
  CopyOutlined,
  FileTextOutlined,
  ProjectOutlined,
  ReloadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { EntityKind, EntityLink } from '@jq/contract';
import { Alert, Button, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { useFeedback } from '../../shared/feedback/feedback';
import { Markdown, QuoteCards, SafeLink } from '../../shared/markdown';
import type { ViewMessage } from './chat-model';

export const KIND_ICONS: Record<EntityKind, ReactNode> = {
  project: <ProjectOutlined />,
  institution: <BankOutlined />,
  investor: <UserOutlined />,
  report: <FileTextOutlined />,
};

export function EntityCards({ cards }: { cards: readonly EntityLink[] }) {
  if (cards.length === 0) return null;
  return (
    <div className="jq-answer-cards" data-testid="entity-cards">
      {cards.map((card) => (
        <SafeLink key={`${card.kind}:${card.id}`} href={card.url} className="jq-answer-card">
          {KIND_ICONS[card.kind]}
          <span>{card.name}</span>
        </SafeLink>
      ))}
    </div>
  );
}

export function QuestionContent({ message }: { message: ViewMessage }) {
  return (
    <div className="jq-question" data-testid="question">
      {message.content}
    </div>
  );
}

const hasQuoteBlock = (content: string) => /```\s*quote\b/.test(content);

export function AnswerContent({ message }: { message: ViewMessage }) {
  const isWaiting = message.status === 'streaming' && !message.content;
  return (
    <div className="jq-answer" data-testid="answer" data-status={message.status}>
      {isWaiting ? (
        <span className="jq-answer-wait">{assistant.thinking}</span>
      ) : (
        <Markdown content={message.content} quotes={message.quotes} />
      )}
      <EntityCards cards={message.cards} />
      {!hasQuoteBlock(message.content) && <QuoteCards quotes={message.quotes} />}
      {message.status === 'stopped' && (
        <Tag className="jq-answer-state" data-testid="answer-stopped">
          {assistant.stopped}
        </Tag>
      )}
      {message.status === 'error' && (
        <Alert
          type="error"
          showIcon
          title={message.error || assistant.answerFailed}
          className="jq-answer-state"
        />
      )}
    </div>
  );
}

export interface AnswerActionsProps {
  message: ViewMessage;
  isLast: boolean;
  isBusy: boolean;
  onRegenerate?(): void;
}

export function AnswerActions({ message, isLast, isBusy, onRegenerate }: AnswerActionsProps) {
  const { message: toast } = useFeedback();
  if (message.status === 'streaming') return null;
  const copy = () => {
    navigator.clipboard.writeText(message.content).then(
      () => void toast.success(assistant.copied),
      () => void toast.error(assistant.copyFailed),
    );
  };
  const engine =
    message.engine === 'local' ? assistant.engineLocal : message.engine ? assistant.engineOpenai : '';
  return (
    <div className="jq-answer-actions">
      {message.content && (
        <Tooltip title={assistant.copy}>
          <Button
            type="text"
            size="small"
            icon={<CopyOutlined />}
            onClick={copy}
            aria-label={assistant.copy}
          />
        </Tooltip>
      )}
      {isLast && onRegenerate && (
        <Tooltip title={assistant.regenerate}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            onClick={onRegenerate}
            disabled={isBusy}
            aria-label={assistant.regenerate}
            data-testid="regenerate"
          />
        </Tooltip>
      )}
      {engine && <span className="jq-answer-engine">{assistant.engineNote(engine)}</span>}
    </div>
  );
}

export function Suggestions({ items, onPick }: { items: readonly string[]; onPick(text: string): void }) {
  if (items.length === 0) return null;
  return (
    <div className="jq-suggestions" data-testid="suggestions">
      <span className="jq-suggestions-title">{assistant.suggestions}</span>
      {items.map((item) => (
        <Button key={item} size="small" shape="round" onClick={() => onPick(item)}>
          {item}
        </Button>
      ))}
    </div>
  );
}
