/**
 * /teaserGenerate: start a teaser from a form, one of the user's projects, or an uploaded
 * business plan; then the result page streams the AI's writing.
 */
import { STAGES, type Taxonomy, type TeaserFields } from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Progress,
  Radio,
  Result,
  Select,
  Space,
  Upload,
} from 'antd';
import { useState } from 'react';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { apiGet, apiPost } from '../../shared/api/client';
import { uploadInSlices } from '../../shared/api/sliced-upload';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { isSignedIn, useUserStore } from '../../shared/stores/user-store';
import * as api from './api';
import { resultUrl } from './parts';
import './teaser.css';
import { useFeedback } from '../../shared/feedback/feedback';

type Source = 'form' | 'project' | 'upload';
interface FormValues extends Omit<TeaserFields, 'contacts' | 'tags'> {
  tags?: string[];
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  contactWechat?: string;
}

function toFields(v: FormValues): TeaserFields {
  const { contactName, contactPhone, contactEmail, contactWechat, ...rest } = v;
  const fields: TeaserFields = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== null && value !== '')
      (fields as Record<string, unknown>)[key] = value;
  }
  const contacts = { name: contactName, phone: contactPhone, email: contactEmail, wechat: contactWechat };
  const given = Object.fromEntries(Object.entries(contacts).filter(([, value]) => value));
  if (Object.keys(given).length) fields.contacts = given;
  return fields;
}

export default function GeneratePage() {
  const { message } = useFeedback();
  useUserStore((s) => s.info);
  const openLogin = useUserStore((s) => s.openLogin);
  const navigate = useAppNavigate();
  // Every industry and region of the taxonomy (not only those with projects in the library).
  const taxonomy = useQuery({
    queryKey: ['teaser', 'taxonomy'],
    queryFn: () => apiGet<Taxonomy>('/library/taxonomy'),
    staleTime: 10 * 60_000,
  }).data ?? { industries: [], regions: [] };
  const [source, setSource] = useState<Source>('form');
  const [pid, setPid] = useState<number | undefined>();
  const [upload, setUpload] = useState<{ id: string; name: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const projects = useQuery({
    queryKey: ['teaser', 'own-projects'],
    queryFn: () =>
      apiPost<{ list: { id: number; name: string }[] }>('/chat/aiprivateprjpage', { page: 1, pageSize: 100 }),
    enabled: source === 'project' && isSignedIn(),
  });
  if (!isSignedIn())
    return (
      <Result
        status="info"
        title={t.needLogin}
        extra={
          <Button type="primary" onClick={() => openLogin()}>
            {t.login}
          </Button>
        }
      />
    );
  const industryOptions = taxonomy.industries.flatMap((top) => [
    { value: top.id, label: top.name },
    ...top.subs.map((s) => ({ value: s.id, label: `${top.name} / ${s.name}` })),
  ]);
  const regionOptions = taxonomy.regions.flatMap((p) => [
    { value: p.id, label: p.name },
    ...p.cities.map((c) => ({ value: c.id, label: `${p.name} / ${c.name}` })),
  ]);
  const submit = async () => {
    // A failed check shows under its field; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const created = await api.createTeaser({
        source,
        pid: source === 'project' ? pid : undefined,
        uploadId: source === 'upload' ? upload?.id : undefined,
        fields: toFields(values),
      });
      navigate(resultUrl(created.id, true));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="teaser-page">
      <div className="teaser-head">
        <h2>{t.generate}</h2>
      </div>
      <Card>
        <Radio.Group
          value={source}
          onChange={(e) => setSource(e.target.value)}
          optionType="button"
          buttonStyle="solid"
        >
          {(['form', 'project', 'upload'] as const).map((s) => (
            <Radio.Button key={s} value={s}>
              {t.source[s]}
            </Radio.Button>
          ))}
        </Radio.Group>
        <div className="teaser-note" style={{ margin: '8px 0 16px' }}>
          {t.sourceHint[source]}
        </div>
        {source === 'project' ? (
          projects.data && !projects.data.list.length ? (
            <Result status="info" subTitle={t.noProjects} />
          ) : (
            <Select
              style={{ width: '100%', maxWidth: 480, marginBottom: 16 }}
              placeholder={t.pickProject}
              loading={projects.isLoading}
              value={pid}
              onChange={setPid}
              options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          )
        ) : null}
        {source === 'upload' ? (
          <div style={{ marginBottom: 16 }}>
            <Upload
              accept=".pdf,.pptx,.docx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                setProgress(0);
                uploadInSlices(file, { purpose: 'bp', onProgress: setProgress })
                  .then((ref) => {
                    setUpload({ id: ref.id, name: file.name });
                    setProgress(null);
                  })
                  .catch((error: unknown) => {
                    setProgress(null);
                    message.error(error instanceof Error ? error.message : '上传失败');
                  });
                return false;
              }}
            >
              <Button>{upload ? upload.name : t.uploadPlan}</Button>
            </Upload>
            {progress !== null ? (
              <Progress percent={progress} size="small" style={{ maxWidth: 320 }} />
            ) : null}
          </div>
        ) : null}
        <Form form={form} layout="vertical" initialValues={{ isAnonymous: true }} className="teaser-editor">
          <Space wrap size={[16, 0]} style={{ width: '100%' }} align="start">
            <Form.Item name="companyName" label={t.fields.companyName} style={{ minWidth: 260 }}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="industries"
              label={t.fields.industries}
              style={{ minWidth: 260 }}
              tooltip="不选时从公司介绍中识别"
            >
              <Select
                mode="multiple"
                maxCount={5}
                showSearch
                optionFilterProp="label"
                options={industryOptions}
              />
            </Form.Item>
            <Form.Item name="stage" label={t.fields.stage} style={{ minWidth: 140 }}>
              <Select options={STAGES.map((s) => ({ value: s.code, label: s.label }))} />
            </Form.Item>
            <Form.Item name="amount" label={t.fields.amount}>
              <InputNumber min={0} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="region" label={t.fields.region} style={{ minWidth: 200 }}>
              <Select showSearch optionFilterProp="label" options={regionOptions} />
            </Form.Item>
            <Form.Item name="foundedYear" label={t.fields.foundedYear}>
              <InputNumber min={1900} max={2100} precision={0} />
            </Form.Item>
            <Form.Item name="tags" label={t.fields.tags} style={{ minWidth: 240 }}>
              <Select mode="tags" maxCount={10} />
            </Form.Item>
          </Space>
          {(['description', 'products', 'team', 'metrics', 'useOfFunds'] as const).map((key) => (
            <Form.Item
              key={key}
              name={key}
              label={t.fields[key]}
              // From a form the intro is all the AI has (a project or a plan brings its own).
              rules={
                key === 'description' && source === 'form'
                  ? [{ required: true, whitespace: true, message: t.rules.description }]
                  : []
              }
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 8 }}
                maxLength={key === 'description' || key === 'products' ? 4000 : 2000}
              />
            </Form.Item>
          ))}
          <Space wrap size={[16, 0]}>
            <Form.Item name="contactName" label={t.fields.contactName}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item
              name="contactPhone"
              label={t.fields.contactPhone}
              rules={[{ pattern: /^[0-9+\- ]{7,20}$/, message: t.rules.phone }]}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item
              name="contactEmail"
              label={t.fields.contactEmail}
              rules={[{ type: 'email', message: t.rules.email }]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="contactWechat" label={t.fields.contactWechat}>
              <Input maxLength={50} />
            </Form.Item>
          </Space>
          <Form.Item name="isAnonymous" valuePropName="checked">
            <Checkbox>{t.fields.isAnonymous}</Checkbox>
          </Form.Item>
        </Form>
        <Button
          type="primary"
          size="large"
          loading={busy}
          disabled={(source === 'project' && !pid) || (source === 'upload' && !upload)}
          onClick={() => void submit()}
          data-testid="teaser-create"
        >
          {t.create}
        </Button>
      </Card>
    </div>
  );
}
