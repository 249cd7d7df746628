/**
 * The library's search box: searches 300 ms after typing stops (LIMITS.searchDebounceMs),
 * at once on Enter or when cleared. Its text follows the list's keyword when that changes
 * from outside (a shared link, Back).
 */
import { SearchOutlined } from '@ant-design/icons';
import { KEYWORD_MAX_CHARS, LIMITS } from '@jq/contract';
import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface SearchBoxProps {
  keyword: string;
  onSearch(keyword: string): void;
  placeholder: string;
  size?: 'middle' | 'large';
}

export function SearchBox({ keyword, onSearch, placeholder, size = 'large' }: SearchBoxProps) {
  const [text, setText] = useState(keyword);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef(keyword);
  // Pinyin being composed in an IME is not yet what the user means to search.
  const isComposing = useRef(false);

  useEffect(() => {
    if (keyword === lastSent.current) return;
    lastSent.current = keyword;
    setText(keyword);
  }, [keyword]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (value: string) => {
    clearTimeout(timer.current);
    if (value === '') return send('');
    timer.current = setTimeout(() => send(value), LIMITS.searchDebounceMs);
  };

  const send = (value: string) => {
    clearTimeout(timer.current);
    const trimmed = value.trim();
    if (trimmed === lastSent.current) return;
    lastSent.current = trimmed;
    onSearch(trimmed);
  };

  return (
    <Input
      className="jq-lib-search"
      size={size}
      allowClear
      value={text}
      maxLength={KEYWORD_MAX_CHARS}
      placeholder={placeholder}
      prefix={<SearchOutlined />}
      enterKeyHint="search"
      data-testid="library-search"
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        if (isComposing.current) clearTimeout(timer.current);
        else schedule(value);
      }}
      onCompositionStart={() => {
        isComposing.current = true;
      }}
      onCompositionEnd={(event) => {
        isComposing.current = false;
        schedule(event.currentTarget.value);
      }}
      onPressEnter={() => {
        if (!isComposing.current) send(text);
      }}
    />
  );
}
