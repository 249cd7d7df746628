/**
 * /jq/match: pick one of my projects or describe one; AiOrgSearchPrjSearchInfo reads it into
 * a profile whose fields the user checks and edits (an unrecognised industry must be chosen);
 * 开始匹配 stores the match (AiOrgSearchCreate) and opens its ranked result. Beside it: the
 * latest matches, today's remaining submissions, and for a picked project a streamed preview.
 */
import { CrownOutlined, HistoryOutlined } from '@ant-design/icons';
import { Code, MATCH_DESCRIPTION_MAX_CHARS, type MatchProfileInput, type PrjSearchInfo } from '@jq/contract';
import { Alert, Button, Input, Pagination, Segmented, Skeleton, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { ApiError } from '../../shared/api/client';
import { EntityLogo } from '../../shared/components/entity-logo';
import { formatWan } from '../../shared/format/figures';
import { useTaxonomy } from '../../shared/taxonomy/use-taxonomy';
import { openVip } from '../billing';
import type { OwnProject } from './api';
import { resultHref } from './links';
import { HistoryDrawer, HistoryList } from './match-history';
import { infoWithoutIndustry, regionNameIn } from './profile-draft';
import { ProfileForm } from './profile-form';
import { refusalOf, useCreateMatch, useMatchPage, useOwnProjects, useProfileParse } from './queries';
import { RecommendPreview } from './recommend-preview';
import './matching.css';

type Source = 'text' | 'mine';

export default function MatchPage() {
  const page = useMatchPage();
  const taxonomy = useTaxonomy();
  const navigate = useNavigate();
  const parse = useProfileParse();
  const create = useCreateMatch();
  const [source, setSource] = useState<Source | null>(null);
  const [description, setDescription] = useState('');
  const [pickedPid, setPickedPid] = useState<number | null>(null);
  const [profile, setProfile] = useState<{ key: number; info: PrjSearchInfo } | null>(null);
  const [isHistoryOpen, setHistoryOpen] = useState(false);

  const hasProjects = (page.data?.projects.length ?? 0) > 0;
  // Until the user chooses, start where they can act: their projects if they have some.
  const shownSource: Source = source ?? (hasProjects ? 'mine' : 'text');

  const runParse = (input: { pid?: number; description?: string }) => {
    create.reset();
    setProfile(null);
    parse.mutate(input, {
      onSuccess: (info) => setProfile({ key: Date.now(), info }),
      onError: (error) => {
        // No industry in the description: keep what was read and ask for the industry.
        if (!(error instanceof ApiError) || error.code !== Code.INDUSTRY_REQUIRED) return;
        const info = infoWithoutIndustry(error.data, input.description ?? '', (code) =>
          regionNameIn(taxonomy.regions, code),
        );
        setProfile({ key: Date.now(), info });
      },
    });
  };
  const isIndustryRefusal = parse.error instanceof ApiError && parse.error.code === Code.INDUSTRY_REQUIRED;
  const pickProject = (pid: number) => {
    setPickedPid(pid);
    runParse({ pid });
  };
  const submit = (input: MatchProfileInput) =>
    create.mutate(input, { onSuccess: (created) => void navigate(resultHref(created.id)) });

  const limit = page.data?.limit;
  return (
    <div className="jq-match-page" data-testid="match-page">
      <header className="jq-match-hero">
        <h1>{matching.matchTitle}</h1>
        <p>{matching.matchLead}</p>
        <div className="jq-match-hero-notes">
          {limit && (
            <span className="jq-match-muted" data-testid="match-limit">
              {matching.remainingToday(limit.remaining, limit.limit)}
            </span>
          )}
          {page.data &&
            (page.data.isVip ? (
              <Tooltip title={matching.componentHints.vip}>
                <Tag color="gold" icon={<CrownOutlined />}>
                  {matching.vipOn}
                </Tag>
              </Tooltip>
            ) : (
              <Button type="link" size="small" icon={<CrownOutlined />} onClick={() => openVip()}>
                {matching.vipOff}
              </Button>
            ))}
        </div>
      </header>
      <div className="jq-match-grid">
        <div className="jq-match-main">
          <section className="jq-match-panel">
            <Segmented<Source>
              block
              value={shownSource}
              onChange={(value) => {
                setSource(value);
                setProfile(null);
                setPickedPid(null);
                parse.reset();
              }}
              options={[
                { value: 'text', label: matching.sourceText },
                { value: 'mine', label: matching.sourceMine },
              ]}
              data-testid="match-source"
            />
            {shownSource === 'text' ? (
              <DescribeBox
                value={description}
                onChange={setDescription}
                examples={page.data?.examples ?? []}
                isParsing={parse.isPending}
                onParse={() => runParse({ description: description.trim() })}
              />
            ) : (
              <OwnProjectPicker
                firstPage={page.data?.projects}
                isLoading={page.isPending}
                pickedPid={pickedPid}
                onPick={pickProject}
              />
            )}
            {parse.isError && !isIndustryRefusal && (
              <Alert
                type="error"
                showIcon
                className="jq-match-alert"
                title={refusalOf(parse.error) ?? matching.loadFailedHint}
                data-testid="parse-error"
              />
            )}
          </section>
          {parse.isPending && <Skeleton active className="jq-match-panel" paragraph={{ rows: 6 }} />}
          {profile && (
            <section className="jq-match-panel" aria-labelledby="match-profile-title">
              <h2 id="match-profile-title" className="jq-match-panel-title">
                {matching.parsedTitle}
              </h2>
              <ProfileForm
                key={profile.key}
                info={profile.info}
                taxonomy={taxonomy}
                isSubmitting={create.isPending}
                error={create.isError ? (refusalOf(create.error) ?? matching.loadFailedHint) : null}
                onSubmit={submit}
              />
            </section>
          )}
        </div>
        <aside className="jq-match-side">
          {pickedPid !== null && shownSource === 'mine' && <RecommendPreview pid={pickedPid} />}
          <section className="jq-match-panel">
            <header className="jq-match-panel-head">
              <h2>{matching.recentTitle}</h2>
              <Button type="link" icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
                {matching.history}
              </Button>
            </header>
            {page.isPending ? <Skeleton active /> : <HistoryList items={page.data?.recent ?? []} />}
          </section>
        </aside>
      </div>
      <HistoryDrawer open={isHistoryOpen} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}

interface DescribeBoxProps {
  value: string;
  onChange(value: string): void;
  examples: string[];
  isParsing: boolean;
  onParse(): void;
}

function DescribeBox({ value, onChange, examples, isParsing, onParse }: DescribeBoxProps) {
  const canParse = value.trim() !== '' && !isParsing;
  return (
    <div className="jq-match-describe">
      <label htmlFor="match-description" className="jq-match-label">
        {matching.fields.description}
      </label>
      <Input.TextArea
        id="match-description"
        data-testid="match-description"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter reads the description; Enter alone is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canParse) onParse();
        }}
        placeholder={matching.describePlaceholder}
        autoSize={{ minRows: 4, maxRows: 10 }}
        maxLength={MATCH_DESCRIPTION_MAX_CHARS}
        showCount
      />
      <p className="jq-match-muted jq-match-describe-hint">{matching.describeHint}</p>
      {examples.length > 0 && (
        <div className="jq-match-examples">
          <span className="jq-match-muted">{matching.examples}</span>
          {examples.map((example) => (
            <button
              key={example}
              type="button"
              className="jq-match-example"
              onClick={() => onChange(example)}
            >
              {example}
            </button>
          ))}
        </div>
      )}
      <Button
        type="primary"
        onClick={onParse}
        disabled={!canParse}
        loading={isParsing}
        data-testid="match-parse"
      >
        {isParsing ? matching.parsing : matching.parse}
      </Button>
    </div>
  );
}

interface PickerProps {
  firstPage: OwnProject[] | undefined;
  isLoading: boolean;
  pickedPid: number | null;
  onPick(pid: number): void;
}

function OwnProjectPicker({ firstPage, isLoading, pickedPid, onPick }: PickerProps) {
  const [page, setPage] = useState(1);
  const more = useOwnProjects(page, page > 1 || (firstPage?.length ?? 0) >= 10);
  const list = page === 1 && !more.data ? (firstPage ?? []) : (more.data?.list ?? []);
  const total = more.data?.total ?? firstPage?.length ?? 0;
  useEffect(() => {
    if (page > 1 && more.data && more.data.list.length === 0) setPage(1);
  }, [page, more.data]);

  if (isLoading) return <Skeleton active />;
  if (list.length === 0) return <p className="jq-match-muted">{matching.myProjectsEmpty}</p>;
  return (
    <div className="jq-match-own">
      <span className="jq-match-label">{matching.pickProject}</span>
      {list.map((project) => (
        <button
          key={project.id}
          type="button"
          aria-pressed={project.id === pickedPid}
          className={`jq-match-own-item${project.id === pickedPid ? ' is-picked' : ''}`}
          onClick={() => onPick(project.id)}
          data-testid="own-project"
        >
          <EntityLogo src={project.logo} name={project.brandName || project.name} size={36} />
          <span className="jq-match-own-main">
            <span className="jq-match-own-name">{project.brandName || project.name}</span>
            <span className="jq-match-muted">
              {[project.industryName, project.stageLabel, formatWan(project.amountSought), project.regionName]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </span>
        </button>
      ))}
      {total > 10 && (
        <Pagination
          size="small"
          className="jq-match-pagination"
          current={page}
          pageSize={10}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </div>
  );
}
