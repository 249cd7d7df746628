/** /{product}/aianalyse: pick a library project (or ?pid=) and read the investor's first-pass memo. */
import { AutoComplete, Button, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { analysisText as t } from '../../locales/zh-CN/analysis';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { AnalysisWorkspace } from './analysis-workspace';
import { searchProjects } from './api';
import { useRunStore, useStartRun } from './use-analysis';

export default function AianalysePage() {
  useDocumentTitle(t.aianalyseTitle);
  const [params] = useSearchParams();
  const { start } = useStartRun('investor');
  const phase = useRunStore((s) => s.runs.investor.phase);
  const busy = ['analysing', 'writing', 'parsing'].includes(phase);
  const [options, setOptions] = useState<{ value: string; label: string; pid: number }[]>([]);
  const [pid, setPid] = useState<number | null>(null);
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fromUrl = Number(params.get('pid'));

  useEffect(() => {
    if (Number.isInteger(fromUrl) && fromUrl > 0) setPid(fromUrl);
  }, [fromUrl]);

  const search = (keyword: string) => {
    setText(keyword);
    if (timer.current) clearTimeout(timer.current);
    if (!keyword.trim()) return setOptions([]);
    timer.current = setTimeout(() => {
      searchProjects(keyword).then(
        (r) =>
          setOptions(
            r.list.map((p) => ({
              value: String(p.id),
              pid: p.id,
              label: `${p.brandName || p.name} · ${p.industryName} · ${p.stageLabel}`,
            })),
          ),
        () => setOptions([]),
      );
    }, 300);
  };

  return (
    <AnalysisWorkspace
      mode="investor"
      title={t.aianalyseTitle}
      subtitle={t.aianalyseSubtitle}
      input={
        <Space.Compact style={{ width: '100%' }}>
          <AutoComplete
            style={{ flex: 1 }}
            options={options}
            value={text}
            placeholder={t.pickProject}
            onSearch={search}
            onSelect={(value: string, option) => {
              setPid(Number(value));
              setText(option.label as string);
            }}
            data-testid="project-search"
          />
          <Button
            type="primary"
            disabled={!pid || busy}
            onClick={() => pid && void start({ pid })}
            data-testid="analyse"
          >
            {t.analyse}
          </Button>
        </Space.Compact>
      }
    />
  );
}
