/**
 * /home: the assistant's front door. A question box (Enter asks: the answer streams on
 * /homechat; in AI search mode Enter searches: results stream on /homechat?mode=search, with
 * report passages when fusion is on; recommended searches follow the mode), what the box finds
 * while typing (records and suggested questions), quick questions, recommended searches,
 * recent actions and recommended records.
 */
import { SearchOutlined } from '@ant-design/icons';
import { LIMITS } from '@jq/contract';
import { Button, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { LineSkeleton } from '../../shared/components/line-skeleton';
import { QuestionBox } from '../../shared/components/question-box';
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

/** A chips row while it loads: one row high, as the chips are on a phone (one scrolling row). */
function ChipsPending({ label }: { label: string }) {
  return (
    <div className="jq-home-chips-pending">
      <LineSkeleton rows={1} label={label} />
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
            <label className="jq-home-fusion">
              <input
                type="checkbox"
                checked={isFusion}
                onChange={(event) => setFusion(event.target.checked)}
              />
              {assistant.fusion}
            </label>
          )}
        </div>
        <QuestionBox
          value={draft}
          onChange={setDraft}
          onSubmit={submit}
          placeholder={isSearch ? assistant.searchPlaceholder : assistant.homePlaceholder}
          submitLabel={isSearch ? assistant.search : assistant.ask}
          {...(isSearch ? { submitIcon: <SearchOutlined /> } : {})}
          submitTestId="home-ask"
          className="jq-home-sender"
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
          <ChipsPending label={assistant.quickQuestions} />
        ) : (
          <Chips
            items={(quick.data?.list ?? []).map((item) => item.text)}
            onPick={ask}
            testId="quick-questions"
          />
        )}
      </section>

      {/* Shown while loading, so the cards below do not jump when the searches arrive. */}
      {(searches.isPending || (searches.data?.list.length ?? 0) > 0) && (
        <section className="jq-home-section">
          <h2 className="jq-home-h2">{assistant.recommendedSearches}</h2>
          {searches.isPending ? (
            <ChipsPending label={assistant.recommendedSearches} />
          ) : (
            <Chips items={searches.data?.list ?? []} onPick={submit} testId="recommended-searches" />
          )}
        </section>
      )}

      <div className="jq-home-grid">
        <section className="jq-home-card">
          <h2 className="jq-home-card-title">{assistant.recentActions}</h2>
          <RecentActions />
        </section>
        <section className="jq-home-card">
          <h2 className="jq-home-card-title">{assistant.recommendTitle}</h2>
          <Recommendations />
        </section>
      </div>
    </div>
  );
}
