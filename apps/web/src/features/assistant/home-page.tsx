/**
 * /home: the assistant's front door. A question box (Enter asks: the answer streams on
 * /homechat), what the box finds while typing (records and suggested questions), quick
 * questions, recommended searches, recent actions and recommended records.
 */
import { Sender } from '@ant-design/x';
import { LIMITS } from '@jq/contract';
import { Button, Card, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { hitRows, RecentActions, Recommendations, RecordRows } from './home-sections';
import { useHomeSearch, useQuickQuestions, useRecommendedSearches } from './queries';
import { homechatUrl } from './record-links';
import './assistant.css';

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
  const keyword = useDebounced(draft.trim().slice(0, 100), LIMITS.searchDebounceMs);
  const found = useHomeSearch(keyword);
  const quick = useQuickQuestions('home');
  const searches = useRecommendedSearches();
  const ask = (text: string) => {
    if (text.trim()) navigate(homechatUrl(text));
  };
  const rows = found.data && keyword ? hitRows(found.data) : [];
  const foundQuestions = keyword ? (found.data?.questions ?? []) : [];

  return (
    <div className="jq-home" data-testid="home-page">
      <section className="jq-home-hero">
        <h1 className="jq-home-title">{assistant.homeTitle}</h1>
        <p className="jq-home-subtitle">{assistant.homeSubtitle}</p>
        <Sender
          value={draft}
          onChange={setDraft}
          onSubmit={ask}
          submitType="enter"
          placeholder={assistant.homePlaceholder}
          autoSize={{ minRows: 2, maxRows: 6 }}
          className="jq-home-sender"
          suffix={(_, { components: { SendButton } }) => (
            <SendButton type="primary" aria-label={assistant.ask} data-testid="home-ask" />
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
          <Chips items={searches.data?.list ?? []} onPick={ask} testId="recommended-searches" />
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
