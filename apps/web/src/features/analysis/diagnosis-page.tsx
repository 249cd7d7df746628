/** /{product}/diagnosis: upload a business plan (with progress) and read its diagnosis. */
import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { analysisText as t } from '../../locales/zh-CN/analysis';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { AnalysisWorkspace } from './analysis-workspace';
import { useRunStore, useStartRun } from './use-analysis';

export default function DiagnosisPage() {
  useDocumentTitle(t.diagnosisTitle);
  const { start } = useStartRun('diagnosis');
  const phase = useRunStore((s) => s.runs.diagnosis.phase);
  const busy = ['uploading', 'parsing', 'analysing', 'writing'].includes(phase);
  return (
    <AnalysisWorkspace
      mode="diagnosis"
      title={t.diagnosisTitle}
      subtitle={t.diagnosisSubtitle}
      input={
        <div data-testid="bp-upload">
          <Upload.Dragger
            accept=".pdf,.pptx,.docx"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void start({ file });
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t.uploadHint}</p>
            <p className="ant-upload-hint">{t.uploadKinds}</p>
          </Upload.Dragger>
        </div>
      }
    />
  );
}
