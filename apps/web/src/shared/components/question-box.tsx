/**
 * A light question box: a textarea that grows with its text (2 to 6 lines) and a send
 * button; Enter sends, Shift+Enter starts a new line, and Enter while an input method is
 * composing (pinyin) does neither. The home page uses it instead of Ant Design X's Sender,
 * which brings antd's Input and Dropdown into the first load; the chat pages keep the Sender.
 */
import { SendOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react';
import './question-box.css';

export interface QuestionBoxProps {
  value: string;
  onChange(value: string): void;
  onSubmit(value: string): void;
  placeholder: string;
  /** The send button's accessible name. */
  submitLabel: string;
  submitIcon?: ReactNode;
  submitTestId?: string;
  className?: string;
}

const MAX_ROWS = 6;
/** Where CSS grows the box (question-box.css), measuring it would only force a layout. */
const growsByItself = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

export function QuestionBox({
  value,
  onChange,
  onSubmit,
  placeholder,
  submitLabel,
  submitIcon = <SendOutlined />,
  submitTestId,
  className,
}: QuestionBoxProps) {
  const input = useRef<HTMLTextAreaElement>(null);

  // Grow with the text up to six lines, then scroll. Empty, it has its two rows: reading its
  // layout then would cost the first screen a forced layout for nothing.
  useLayoutEffect(() => {
    const area = input.current;
    if (!area || growsByItself) return;
    if (!value) {
      area.style.height = '';
      return;
    }
    area.style.height = 'auto';
    const line = Number.parseFloat(getComputedStyle(area).lineHeight) || 22;
    area.style.height = `${Math.min(area.scrollHeight, line * MAX_ROWS + 16)}px`;
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (value.trim()) onSubmit(value);
  };

  return (
    <div className={`jq-question-box${className ? ` ${className}` : ''}`}>
      <textarea
        ref={input}
        className="jq-question-input"
        value={value}
        rows={2}
        placeholder={placeholder}
        aria-label={placeholder}
        enterKeyHint="send"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button
        type="primary"
        shape="circle"
        icon={submitIcon}
        aria-label={submitLabel}
        disabled={!value.trim()}
        onClick={() => onSubmit(value)}
        data-testid={submitTestId}
      />
    </div>
  );
}
