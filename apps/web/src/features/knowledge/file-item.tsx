/**
 * One file in a list: its kind, title, status with progress (or the failure's reason), owner,
 * pages, visibility and price, with the actions the caller may take on it.
 */
import {
  FileExcelOutlined,
  FileMarkdownOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import { KB_KIND_LABELS, type KbFile, type KbKind } from '@jq/contract';
import { Progress, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';

const ICONS: Record<KbKind, ReactNode> = {
  pdf: <FilePdfOutlined style={{ color: '#d4380d' }} />,
  docx: <FileWordOutlined style={{ color: '#1d39c4' }} />,
  xlsx: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  pptx: <FilePptOutlined style={{ color: '#d46b08' }} />,
  md: <FileMarkdownOutlined />,
  txt: <FileTextOutlined />,
  csv: <FileExcelOutlined style={{ color: '#08979c' }} />,
};

export const detailUrl = (id: number, page?: number, q?: string) =>
  `/knowledge/detail?id=${id}${page ? `&page=${page}` : ''}${q ? `&q=${encodeURIComponent(q.slice(0, 300))}` : ''}`;

export function StatusTag({ file }: { file: Pick<KbFile, 'status' | 'progress' | 'failReason'> }) {
  if (file.status === 'ready') return <Tag color="success">{knowledge.status.ready}</Tag>;
  if (file.status === 'failed')
    return (
      <Tooltip title={file.failReason}>
        <Tag color="error" data-testid="kb-failed">
          {knowledge.status.failed}：{file.failReason}
        </Tag>
      </Tooltip>
    );
  return (
    <span className="jq-kb-progress" data-testid="kb-progress">
      <Tag color="processing">{knowledge.status[file.status]}</Tag>
      <Progress percent={file.progress} size="small" showInfo style={{ width: 120, margin: 0 }} />
    </span>
  );
}

export function FileItem({
  file,
  actions,
  selector,
}: {
  file: KbFile;
  actions?: ReactNode;
  selector?: ReactNode;
}) {
  return (
    <div className="jq-kb-file" data-testid="kb-file" data-file-id={file.id} data-status={file.status}>
      {selector}
      <span className="jq-kb-file-icon" title={KB_KIND_LABELS[file.kind]}>
        {ICONS[file.kind]}
      </span>
      <div className="jq-kb-file-main">
        <div className="jq-kb-file-title">
          <Link to={detailUrl(file.id)}>{file.title}</Link>
          {file.isDemo && <Tag>{knowledge.demo}</Tag>}
          {file.isSaved && <Tag color="blue">{knowledge.saved}</Tag>}
          {file.isMine && !file.isSaved && (
            <Tag color={file.visibility === 'public' ? 'green' : 'default'}>
              {file.visibility === 'public' ? knowledge.public : knowledge.private}
            </Tag>
          )}
          {file.price > 0 && <Tag color="gold">{knowledge.priceTag(file.price)}</Tag>}
        </div>
        <div className="jq-kb-file-meta">
          <StatusTag file={file} />
          {file.pageCount > 0 && <span>{knowledge.pages(file.pageCount)}</span>}
          {!file.isMine && <span>{knowledge.owner(file.ownerName)}</span>}
          <span>{knowledge.stats(file.stats.views, file.stats.saves, file.stats.cites)}</span>
        </div>
        {file.description && <div className="jq-kb-file-desc">{file.description}</div>}
      </div>
      {actions && <div className="jq-kb-file-actions">{actions}</div>}
    </div>
  );
}
