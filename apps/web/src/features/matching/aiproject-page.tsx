/**
 * /jq/aiproject, the investor side: describe a thesis (投资方向、阶段、金额、地区) or pick
 * one's institution (its stated preferences and portfolio), then see ranked projects with
 * reasons at /jq/aiprojectResult. No call tells which institution the user belongs to, so
 * the institution is searched by name (OrgFuzzySearch).
 */
import { LIMITS } from '@jq/contract';
import { Alert, Button, Input, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { routePath } from '../../shared/navigation/route-path';
import { useInstitutionSearch } from './queries';
import { EMPTY_FILTERS, THESIS_MAX_CHARS, writeProjectQuery } from './result-params';
import './matching.css';

type Source = 'thesis' | 'institution';

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export default function AiProjectPage() {
  const navigate = useNavigate();
  const [source, setSource] = useState<Source>('thesis');
  const [thesis, setThesis] = useState('');
  const [institution, setInstitution] = useState<{ id: number; name: string } | null>(null);
  const [keyword, setKeyword] = useState('');
  const search = useInstitutionSearch(useDebounced(keyword, LIMITS.searchDebounceMs));

  const canSubmit = source === 'thesis' ? thesis.trim() !== '' : institution !== null;
  const submit = () => {
    if (!canSubmit) return;
    const params = writeProjectQuery({
      ...EMPTY_FILTERS,
      thesis: source === 'thesis' ? thesis.trim() : '',
      institutionId: source === 'institution' ? (institution?.id ?? null) : null,
      industry: null,
      page: 1,
    });
    void navigate(`${routePath('aiprojectResult')}?${params.toString()}`);
  };

  return (
    <div className="jq-match-page is-narrow" data-testid="aiproject-page">
      <header className="jq-match-hero">
        <h1>{matching.aiprojectTitle}</h1>
        <p>{matching.aiprojectLead}</p>
      </header>
      <section className="jq-match-panel">
        <Segmented<Source>
          block
          value={source}
          onChange={setSource}
          options={[
            { value: 'thesis', label: matching.sourceThesis },
            { value: 'institution', label: matching.sourceInstitution },
          ]}
          data-testid="aiproject-source"
        />
        {source === 'thesis' ? (
          <div className="jq-match-describe">
            <label htmlFor="aiproject-thesis" className="jq-match-label">
              {matching.sourceThesis}
            </label>
            <Input.TextArea
              id="aiproject-thesis"
              data-testid="aiproject-thesis"
              value={thesis}
              onChange={(event) => setThesis(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
              }}
              placeholder={matching.thesisPlaceholder}
              autoSize={{ minRows: 4, maxRows: 10 }}
              maxLength={THESIS_MAX_CHARS}
              showCount
            />
            <p className="jq-match-muted jq-match-describe-hint">{matching.thesisHint}</p>
          </div>
        ) : (
          <div className="jq-match-describe">
            <label htmlFor="aiproject-org" className="jq-match-label">
              {matching.myInstitution}
            </label>
            <Select
              id="aiproject-org"
              data-testid="aiproject-org"
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder={matching.searchInstitution}
              value={institution?.id}
              loading={search.isFetching}
              notFoundContent={keyword ? matching.noInstitution : null}
              options={(search.data?.list ?? []).map((org) => ({
                value: org.id,
                label:
                  org.shortName && org.shortName !== org.name ? `${org.shortName}（${org.name}）` : org.name,
              }))}
              onChange={(id: number, option) => {
                const label = Array.isArray(option) ? '' : String(option?.label ?? '');
                setInstitution({ id, name: label });
              }}
            />
            <Alert type="info" showIcon className="jq-match-alert" title={matching.institutionHint} />
          </div>
        )}
        <Button
          type="primary"
          size="large"
          block
          disabled={!canSubmit}
          onClick={submit}
          data-testid="aiproject-submit"
        >
          {matching.submitProjects}
        </Button>
      </section>
    </div>
  );
}
