/**
 * Documents made from a conversation, in a drawer (the whole screen on phones): the
 * business-plan draft (exportbp, streamed as it is written, stoppable; closing the drawer
 * or Esc stops it too) and the report (reportcreate: the answers as sections, citations
 * numbered once for the whole report). Both can be copied and downloaded as .md.
 */
import { CopyOutlined, DownloadOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Drawer, Result, Spin } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { assistant } from '../../locales/zh-CN/assistant';
import { ApiError, isAbortError } from '../../shared/api/client';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { AnswerContent } from './answer-content';
import { streamBusinessPlan } from './api';
import { applyEvent, newMessage, type ViewMessage } from './chat-model';
import {
  documentTitle,
  downloadMarkdown,
  markdownFileName,
  withoutSources,
  withSources,
} from './markdown-file';
import { useChatReport } from './queries';
import './ai-search.css';
import { useFeedback } from '../../shared/feedback/feedback';

export type ChatDocumentKind = 'bp' | 'report';

export interface ChatDocumentDrawerProps {
  kind: ChatDocumentKind | null;
  chatuuid: string;
  /** Finished answers in the conversation: a new answer makes a new report. */
  answers: number;
  onClose(): void;
}

export function ChatDocumentDrawer({ kind, chatuuid, answers, onClose }: ChatDocumentDrawerProps) {
  const { isSmall } = useBreakpoint();
  return (
    <Drawer
      open={kind !== null}
      onClose={onClose}
      title={kind === 'report' ? assistant.chatReportTitle : assistant.exportBpTitle}
      placement="right"
      size={isSmall ? '100%' : 760}
      destroyOnHidden
      className="jq-doc-drawer"
      data-testid={kind === 'report' ? 'chat-report' : 'bp-draft'}
    >
      {kind === 'bp' && <BpDraft chatuuid={chatuuid} />}
      {kind === 'report' && <ChatReportView chatuuid={chatuuid} answers={answers} />}
    </Drawer>
  );
}

function DocumentBar({
  doc,
  fallbackTitle,
  children,
}: {
  doc: ViewMessage;
  fallbackTitle: string;
  children?: ReactNode;
}) {
  const { message } = useFeedback();
  const isReady = doc.status !== 'streaming' && doc.content.trim().length > 0;
  const text = withSources(doc.content, doc.quotes);
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => void message.success(assistant.copied),
      () => void message.error(assistant.copyFailed),
    );
  };
  const download = () => downloadMarkdown(markdownFileName(documentTitle(doc.content, fallbackTitle)), text);
  return (
    <div className="jq-doc-bar">
      {children}
      <Button icon={<CopyOutlined />} onClick={copy} disabled={!isReady} data-testid="doc-copy">
        {assistant.copy}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={download} disabled={!isReady} data-testid="doc-download">
        {assistant.download}
      </Button>
    </div>
  );
}

/** The document's body: markdown with the citation cards; a trailing sources list the cards repeat is left out. */
function DocumentBody({ doc }: { doc: ViewMessage }) {
  const shown = doc.quotes.length > 0 ? { ...doc, content: withoutSources(doc.content) } : doc;
  return (
    <div className="jq-doc-body" data-testid="doc-body">
      <AnswerContent message={shown} />
    </div>
  );
}

export function BpDraft({ chatuuid }: { chatuuid: string }) {
  const [draft, setDraft] = useState<ViewMessage>(() => newMessage('assistant'));
  const controllerRef = useRef<AbortController | null>(null);

  const start = useCallback(async () => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const isCurrent = () => controllerRef.current === controller;
    let doc = newMessage('assistant');
    setDraft(doc);
    try {
      for await (const event of streamBusinessPlan(chatuuid, controller.signal)) {
        doc = applyEvent(doc, event).answer;
        if (isCurrent()) setDraft(doc);
      }
    } catch (error) {
      if (!isCurrent()) return;
      if (isAbortError(error)) setDraft({ ...doc, status: 'stopped' });
      else {
        const msg = error instanceof ApiError ? error.msg : assistant.answerFailed;
        setDraft({ ...doc, status: 'error', error: msg });
      }
    } finally {
      if (isCurrent()) controllerRef.current = null;
    }
  }, [chatuuid]);

  useEffect(() => {
    void start();
    return () => {
      const controller = controllerRef.current;
      controllerRef.current = null;
      controller?.abort();
    };
  }, [start]);

  const stop = () => controllerRef.current?.abort();
  const isStreaming = draft.status === 'streaming';
  return (
    <>
      <DocumentBody doc={draft} />
      <DocumentBar doc={draft} fallbackTitle={assistant.bpFileName}>
        {isStreaming ? (
          <Button danger icon={<StopOutlined />} onClick={stop} data-testid="doc-stop">
            {assistant.stop}
          </Button>
        ) : (
          <Button icon={<ReloadOutlined />} onClick={() => void start()} data-testid="doc-regenerate">
            {assistant.regenerateDoc}
          </Button>
        )}
      </DocumentBar>
    </>
  );
}

export function ChatReportView({ chatuuid, answers }: { chatuuid: string; answers: number }) {
  const report = useChatReport(chatuuid, answers);
  if (report.isPending) {
    return (
      <div className="jq-doc-loading" data-testid="doc-loading">
        <Spin />
        <span>{assistant.chatReportLoading}</span>
      </div>
    );
  }
  if (report.isError) {
    return (
      <Result
        status="warning"
        title={assistant.chatReportFailed}
        subTitle={report.error instanceof ApiError ? report.error.msg : assistant.loadFailedDesc}
        extra={<Button onClick={() => void report.refetch()}>{assistant.retry}</Button>}
      />
    );
  }
  const doc: ViewMessage = {
    key: `report-${report.data.id}`,
    role: 'assistant',
    content: report.data.content,
    quotes: report.data.quotes,
    cards: [],
    suggestions: [],
    status: 'done',
    engine: '',
  };
  return (
    <>
      <DocumentBody doc={doc} />
      <DocumentBar doc={doc} fallbackTitle={report.data.title || assistant.chatReportTitle} />
    </>
  );
}
