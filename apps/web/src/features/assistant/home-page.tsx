/**
 * /home: the assistant's front door. A question box (Enter asks: the answer streams on
 * /homechat; in AI search mode Enter searches: results stream on /homechat?mode=search, with
 * report passages when fusion is on; recommended searches follow the mode), what the box finds
 * while typing (records and suggested questions), quick questions, recommended searches,
 * recent actions and recommended records.
 */
import { SearchOutlined } from '@ant-design/icons';
import { Sender } from '@ant-design/x';
import { LIMITS } from '@jq/contract';
import { Button, Card, Checkbox, Segmented, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { hitRows, RecentActions, Recommendations, RecordRows } from './home-sections';
import { useHomeSearch, useQuickQuestions, useRecommendedSearches } from './queries';
import { aiSearchUrl, homechatUrl } from './record-links';
import './assistant.css';
import './ai-search.css';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function Chips({ items, onPick, testId }: { items: string[]; onPick(text: string): void; testId: string }) {
  return (
    <div className="jq-home-chips" data-testid={testId}>
      {items.map((text) => (
        <Button key={text} shape="round" onClick={() => onPick(text)} className="jq-home-chip">
          {text}
        </Button>
      ))}
    </div>
  );
}

export default function HomePage() {
  const navigate = useAppNavigate();
  const [draft, setDraft] = useState('');
  const [mode, setMode] = useState<'ask' | 'search'>('ask');
  const [isFusion, setFusion] = useState(false);
  const isSearch = mode === 'search';
  const keyword = useDebounced(draft.trim().slice(0, 100), LIMITS.searchDebounceMs);
  const found = useHomeSearch(keyword);
  const quick = useQuickQuestions('home');
  const searches = useRecommendedSearches();
  const ask = (text: string) => {
    if (text.trim()) navigate(homechatUrl(text));
  };
  const submit = (text: string) => {
    if (!text.trim()) return;
    navigate(isSearch ? aiSearchUrl(text, isFusion) : homechatUrl(text));
  };
  const rows = found.data && keyword ? hitRows(found.data) : [];
  const foundQuestions = keyword ? (found.data?.questions ?? []) : [];

  return (
    <div className="jq-home" data-testid="home-page">
      <section className="jq-home-hero">
        <h1 className="jq-home-title">{assistant.homeTitle}</h1>
        <p className="jq-home-subtitle">{assistant.homeSubtitle}</p>
        <div className="jq-home-mode">
          <Segmented
            value={mode}
            onChange={(value) => setMode(value === 'search' ? 'search' : 'ask')}
            options={[
              { value: 'ask', label: assistant.modeAsk },
              { value: 'search', label: assistant.modeSearch },
            ]}
            aria-label={assistant.modeLabel}
            data-testid="home-mode"
          />
          {isSearch && (
            <Checkbox checked={isFusion} onChange={(event) => setFusion(event.target.checked)}>
              {assistant.fusion}
            </Checkbox>
          )}
        </div>
        <Sender
          value={draft}
          onChange={setDraft}
          onSubmit={submit}
          submitType="enter"
          placeholder={isSearch ? assistant.searchPlaceholder : assistant.homePlaceholder}
          autoSize={{ minRows: 2, maxRows: 6 }}
          className="jq-home-sender"
          suffix={(_, { components: { SendButton } }) => (
            <SendButton
              type="primary"
              {...(isSearch ? { icon: <SearchOutlined /> } : {})}
              aria-label={isSearch ? assistant.search : assistant.ask}
              data-testid="home-ask"
            />
          )}
        />
        {keyword && (rows.length > 0 || foundQuestions.length > 0) && (
          <div className="jq-home-found" data-testid="home-search-results">
            {foundQuestions.length > 0 && (
              <Chips items={foundQuestions.slice(0, 4)} onPick={ask} testId="home-search-questions" />
            )}
            {rows.length > 0 && <RecordRows rows={rows.slice(0, 8)} />}
          </div>
        )}
      </section>

      <section className="jq-home-section">
        <h2 className="jq-home-h2">{assistant.quickQuestions}</h2>
        {quick.isPending ? (
          <Skeleton.Button active block />
        ) : (
          <Chips
            items={(quick.data?.list ?? []).map((item) => item.text)}
            onPick={ask}
            testId="quick-questions"
          />
        )}
      </section>

      {(searches.data?.list.length ?? 0) > 0 && (
        <section className="jq-home-section">
          <h2 className="jq-home-h2">{assistant.recommendedSearches}</h2>
          <Chips items={searches.data?.list ?? []} onPick={submit} testId="recommended-searches" />
        </section>
      )}

      <div className="jq-home-grid">
        <Card title={assistant.recentActions} size="small" className="jq-home-card">
          <RecentActions />
        </Card>
        <Card title={assistant.recommendTitle} size="small" className="jq-home-card">
          <Recommendations />
        </Card>
      </div>
    </div>
  );
}
