/**
 * /mdPreview?url=: a markdown document shown through the one markdown renderer. Only this
 * site's own files and hosts in `PREVIEW_HOSTS` are fetched (anything else would make the
 * page a proxy for arbitrary content under our name).
 */

import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { assistant } from '../../locales/zh-CN/assistant';
import { Markdown, resolveLink } from '../../shared/markdown';
import './assistant.css';

/** Other hosts whose markdown may be previewed (they must also allow this site by CORS). */
export const PREVIEW_HOSTS: readonly string[] = [];
const MAX_BYTES = 2 * 1024 * 1024;

export function previewUrl(raw: string | null): string | null {
  if (!raw) return null;
  const target = resolveLink(raw);
  if (target.kind === 'internal') return target.path;
  if (target.kind !== 'external' || !/^https:/.test(target.href)) return null;
  const host = new URL(target.href).hostname;
  return PREVIEW_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
    ? target.href
    : null;
}

async function fetchMarkdown(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: url.startsWith('/') ? 'same-origin' : 'omit' });
  if (!response.ok) throw new Error(String(response.status));
  const text = await response.text();
  return text.length > MAX_BYTES ? text.slice(0, MAX_BYTES) : text;
}

export default function MdPreviewPage() {
  const [params] = useSearchParams();
  const raw = params.get('url');
  const url = previewUrl(raw);
  const doc = useQuery({
    queryKey: ['assistant', 'md-preview', url],
    queryFn: ({ signal }) => fetchMarkdown(url!, signal),
    enabled: url !== null,
    retry: false,
  });
  if (!raw) return <Result status="warning" title={assistant.mdMissingUrl} />;
  if (!url) return <Result status="warning" title={assistant.mdBlocked} />;
  return (
    <div className="jq-panel jq-md-preview" data-testid="md-preview-page">
      {doc.isPending ? (
        <Spin className="jq-chat-loading" />
      ) : doc.isError ? (
        <Result status="warning" title={assistant.mdFailed} subTitle={assistant.loadFailedDesc} />
      ) : doc.data.trim() ? (
        <Markdown content={doc.data} />
      ) : (
        <Result status="info" title={assistant.mdEmpty} />
      )}
    </div>
  );
}
