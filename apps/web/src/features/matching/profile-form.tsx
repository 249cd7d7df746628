/**
 * The parsed project profile as editable fields (/jq/match): name, industry and
 * sub-industry, stage, amount, region. Fields the description gave carry 已识别; when no
 * industry was recognised the user is asked to choose one and the match cannot start
 * before (matching everyone would answer nothing).
 */
import { type MatchProfileInput, type PrjSearchInfo, STAGES } from '@jq/contract';
import { Alert, Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { matching } from '../../locales/zh-CN/matching';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy';
import {
  industryOptions,
  isMissingIndustry,
  type ProfileDraft,
  regionOptions,
  toDraft,
  toMatchInput,
} from './profile-draft';

export interface ProfileFormProps {
  info: PrjSearchInfo;
  taxonomy: Taxonomy;
  isSubmitting: boolean;
  /** The server's refusal of the last submit (daily limit, a field). */
  error: string | null;
  onSubmit(input: MatchProfileInput): void;
}

function ParsedTag({ isParsed }: { isParsed: boolean }) {
  return isParsed ? (
    <Tag className="jq-match-parsed-tag" color="processing" variant="filled">
      已识别
    </Tag>
  ) : null;
}

export function ProfileForm({ info, taxonomy, isSubmitting, error, onSubmit }: ProfileFormProps) {
  const [draft, setDraft] = useState<ProfileDraft>(() => toDraft(info));
  const industries = useMemo(() => industryOptions(taxonomy.industries, info), [taxonomy.industries, info]);
  const regions = useMemo(() => regionOptions(taxonomy.regions, info), [taxonomy.regions, info]);
  const subs = industries.find((option) => option.id === draft.industry)?.subs ?? [];
  const isMissing = isMissingIndustry(draft);
  const fromText = info.source === 'description';
  const change = (next: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...next }));

  return (
    <Form
      layout="vertical"
      className="jq-match-profile"
      data-testid="profile-form"
      onFinish={() => {
        if (!isMissing) onSubmit(toMatchInput(draft));
      }}
    >
      <p className="jq-match-muted">{matching.parsedNote}</p>
      {isMissing && (
        <Alert
          type="warning"
          showIcon
          title={matching.noIndustryTitle}
          description={matching.noIndustryHint}
          data-testid="choose-industry"
          className="jq-match-alert"
        />
      )}
      <div className="jq-match-fields">
        <Form.Item label={matching.fields.name} htmlFor="match-name">
          <Input
            id="match-name"
            value={draft.name}
            maxLength={100}
            onChange={(event) => change({ name: event.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={
            <>
              {matching.fields.industry}
              <ParsedTag isParsed={fromText && info.parsed.industry} />
            </>
          }
          htmlFor="match-industry"
          required
          validateStatus={isMissing ? 'warning' : undefined}
        >
          <Select
            id="match-industry"
            data-testid="field-industry"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={matching.chooseIndustry}
            value={draft.industry ?? undefined}
            options={industries.map((option) => ({ value: option.id, label: option.name }))}
            onChange={(industry: string) => change({ industry, subIndustry: null })}
          />
        </Form.Item>
        <Form.Item label={matching.fields.subIndustry} htmlFor="match-sub">
          <Select
            id="match-sub"
            data-testid="field-sub-industry"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            disabled={subs.length === 0}
            placeholder={matching.fields.subIndustry}
            value={draft.subIndustry ?? undefined}
            options={subs.map((option) => ({ value: option.id, label: option.name }))}
            onChange={(subIndustry?: string) => change({ subIndustry: subIndustry ?? null })}
          />
        </Form.Item>
        <Form.Item
          label={
            <>
              {matching.fields.stage}
              <ParsedTag isParsed={fromText && info.parsed.stage} />
            </>
          }
          htmlFor="match-stage"
        >
          <Select
            id="match-stage"
            data-testid="field-stage"
            allowClear
            placeholder={matching.stageAny}
            value={draft.stage ?? undefined}
            options={STAGES.map((stage) => ({ value: stage.code, label: stage.label }))}
            onChange={(stage?: number) => change({ stage: stage ?? null })}
          />
        </Form.Item>
        <Form.Item
          label={
            <>
              {matching.fields.amount}
              <ParsedTag isParsed={fromText && info.parsed.amount} />
            </>
          }
          htmlFor="match-amount"
        >
          <InputNumber
            id="match-amount"
            data-testid="field-amount"
            className="jq-match-amount"
            min={0}
            max={100_000_000}
            precision={0}
            placeholder={matching.amountPlaceholder}
            value={draft.amount}
            suffix={matching.amountUnit}
            onChange={(amount) => change({ amount: typeof amount === 'number' ? amount : null })}
          />
        </Form.Item>
        <Form.Item
          label={
            <>
              {matching.fields.region}
              <ParsedTag isParsed={fromText && info.parsed.region} />
            </>
          }
          htmlFor="match-region"
        >
          <Select
            id="match-region"
            data-testid="field-region"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={matching.regionAny}
            value={draft.region ?? undefined}
            options={regions.map((province) =>
              province.cities.length
                ? {
                    label: province.name,
                    title: province.name,
                    options: [
                      { value: province.id, label: province.name },
                      ...province.cities
                        .filter((city) => city.id !== province.id)
                        .map((city) => ({ value: city.id, label: `${province.name} · ${city.name}` })),
                    ],
                  }
                : { value: province.id, label: province.name },
            )}
            onChange={(region?: string) => change({ region: region ?? null })}
          />
        </Form.Item>
      </div>
      {draft.tags.length > 0 && (
        <div className="jq-match-tags">
          <span className="jq-match-muted">{matching.fields.tags}：</span>
          {draft.tags.map((tag) => (
            <Tag key={tag}>{tag}</Tag>
          ))}
        </div>
      )}
      {error && (
        <Alert type="error" showIcon title={error} className="jq-match-alert" data-testid="submit-error" />
      )}
      <Button
        type="primary"
        size="large"
        htmlType="submit"
        block
        disabled={isMissing}
        loading={isSubmitting}
        data-testid="match-submit"
      >
        {isSubmitting ? matching.submitting : matching.submit}
      </Button>
    </Form>
  );
}
