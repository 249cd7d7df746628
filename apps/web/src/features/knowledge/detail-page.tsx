/**
 * /knowledge/detail?id=&page=&q=: a file's pages as text, opened at the page, with the quoted
 * passage highlighted where it stands (the server finds it on that page). A public file read
 * in preview shows its first pages and offers saving or unlocking; a PDF read in full also
 * opens in the PDF viewer at the same page.
 */
import { FilePdfOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, Button, Pagination, Result, Segmented, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { previewKbFile } from './api';
import { StatusTag } from './file-item';
import { usePreview } from './queries';
import { useSaveFile } from './use-save-file';
import './knowledge.css';

function PageText({ text, highlight }: { text: string; highlight: { start: number; end: number } | null }) {
  if (!highlight) return <div className="jq-kb-page-text">{text}</div>;
  return (
    <div className="jq-kb-page-text">
      {text.slice(0, highlight.start)}
      <mark className="jq-kb-mark" data-testid="kb-highlight">
        {text.slice(highlight.start, highlight.end)}
      </mark>
      {text.slice(highlight.end)}
    </div>
  );
}

export default function KnowledgeDetailPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const save = useSaveFile();
  const id = Number(params.get('id') ?? 0);
  const page = Number(params.get('page') ?? 0) || undefined;
  const q = params.get('q') ?? undefined;
  const [view, setView] = useState<'pages' | 'chunks'>('pages');
  const preview = usePreview({ id, page, q });
  const [chunks, setChunks] = useState<Awaited<ReturnType<typeof previewKbFile>>['chunks'] | null>(null);
  const target = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (view !== 'chunks' || !id) return;
    previewKbFile({ id, page, view: 'chunks' })
      .then((p) => setChunks(p.chunks))
      .catch(() => setChunks([]));
  }, [view, id, page]);
  // Opened at a page (a citation): scroll to it; opened plainly, stay at the top with the file's header.
  useEffect(() => {
    if (page && preview.data && target.current)
      target.current.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [preview.data, page]);

  if (!id || preview.isError)
    return (
      <div className="jq-panel">
        <Result
          status="404"
          title={knowledge.detail.notFound}
          extra={<Button onClick={() => navigate('/knowledge')}>{knowledge.detail.back}</Button>}
        />
      </div>
    );
  if (!preview.data) return <Spin className="jq-kb-loading" />;
  const { file, pages, totalPages, isPartial, highlight, originalUrl } = preview.data;
  const shown = page ?? 1;
  const pdfHref = originalUrl
    ? `/pdf?url=${encodeURIComponent(originalUrl)}&page=${shown}${q ? `&q=${encodeURIComponent(q.slice(0, 120))}` : ''}`
    : null;
  const readable = isPartial ? file.previewPages : totalPages;
  return (
    <div className="jq-panel jq-kb-detail" data-testid="kb-detail-page">
      <div className="jq-kb-detail-head">
        <h2 className="jq-kb-title">{file.title}</h2>
        <Space wrap>
          <StatusTag file={file} />
          <Tag>{knowledge.owner(file.ownerName)}</Tag>
          {totalPages > 0 && <Tag>{knowledge.pages(totalPages)}</Tag>}
          {file.isDemo && <Tag>{knowledge.demo}</Tag>}
        </Space>
        {file.description && <p className="jq-kb-file-desc">{file.description}</p>}
        <Space wrap>
          <Button
            type="primary"
            icon={<MessageOutlined />}
            disabled={totalPages === 0}
            onClick={() => navigate(`/knowledge/qa?ids=${file.id}`)}
          >
            {knowledge.actions.ask}
          </Button>
          {pdfHref && (
            <Button icon={<FilePdfOutlined />} onClick={() => navigate(pdfHref)} data-testid="kb-open-pdf">
              {knowledge.detail.openPdf}
            </Button>
          )}
          <Segmented<'pages' | 'chunks'>
            value={view}
            onChange={setView}
            options={[
              { value: 'pages', label: knowledge.detail.pagesView },
              { value: 'chunks', label: knowledge.detail.chunks },
            ]}
          />
        </Space>
      </div>
      {isPartial && (
        <Alert
          type="info"
          showIcon
          message={knowledge.detail.partial(file.previewPages)}
          action={
            <Button size="small" type="primary" onClick={() => void save(file.id)} data-testid="kb-save">
              {file.price > 0 ? knowledge.actions.unlockSave(file.price) : knowledge.actions.save}
            </Button>
          }
        />
      )}
      {file.status === 'failed' && (
        <Alert type="error" showIcon message={knowledge.detail.failed(file.failReason)} />
      )}
      {view === 'pages' ? (
        <div className="jq-kb-pages">
          {pages.map((p) => (
            <div
              key={p.no}
              className={p.no === shown ? 'jq-kb-page is-target' : 'jq-kb-page'}
              ref={p.no === (highlight?.pageNo ?? shown) ? target : undefined}
              data-testid="kb-page"
              data-page={p.no}
            >
              <div className="jq-kb-page-label">
                {p.label || knowledge.detail.pageOf(p.no, totalPages)}
                {p.isScanned && <Tag color="orange">{knowledge.detail.scanned}</Tag>}
              </div>
              <PageText text={p.text} highlight={highlight && highlight.pageNo === p.no ? highlight : null} />
            </div>
          ))}
        </div>
      ) : (
        <div className="jq-kb-pages">
          {(chunks ?? []).map((c) => (
            <div key={c.index} className="jq-kb-page">
              <div className="jq-kb-page-label">
                #{c.index + 1} · {c.pageLabel}
                {c.headingPath && <span className="jq-kb-heading"> · {c.headingPath}</span>}
                {c.isTable && <Tag color="blue">表格</Tag>}
              </div>
              <div className="jq-kb-page-text">{c.text}</div>
            </div>
          ))}
        </div>
      )}
      {readable > 20 && (
        <Pagination
          simple
          current={Math.ceil(shown / 20)}
          pageSize={1}
          total={Math.ceil(readable / 20)}
          onChange={(n) => setParams({ id: String(id), page: String((n - 1) * 20 + 1) })}
        />
      )}
    </div>
  );
}
