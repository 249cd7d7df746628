import type { ChatReport } from '@jq/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { newMessage, type ViewMessage } from './chat-model';
import { ConversationMenu, countAnswers } from './conversation-menu';

const envelope = (data: unknown, status = 200, code = 1000, msg = '成功') =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
const sse = (events: object[]) =>
  new TextEncoder().encode(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));

const BP_EVENTS = [
  { type: 'status', status: 'start', chatuuid: 'c1', messageId: 0, engine: 'local', isend: false },
  { type: 'delta', content: '# 驰电 商业计划书（草稿）\n\n## 一、项目概述\n\n', isend: false },
  { type: 'delta', content: '市场规模保持增长[1]', isend: false },
];
const BP_QUOTE = { n: 1, pid: 9, title: '新能源汽车白皮书', pages: [3], text: '市场规模保持增长' };
const REPORT: ChatReport = {
  id: 5,
  chatuuid: 'c1',
  title: '储能行业对话',
  content: '# 储能行业对话\n\n## 储能规模\n\n规模增长[1]\n\n## 参考来源\n\n1. 《储能白皮书》第 3 页',
  quotes: [{ n: 1, pid: 9, title: '储能白皮书', pages: [3], text: '规模增长' }],
  createdAt: '2026-11-22T00:00:00Z',
};

let calls: string[] = [];
let isBpOpenEnded = false;
let blobs: Blob[] = [];
let downloads: string[] = [];

beforeEach(() => {
  calls = [];
  blobs = [];
  downloads = [];
  isBpOpenEnded = false;
  resetServerErrorState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push(path);
      if (path === '/api/chat/exportbp') {
        const events = isBpOpenEnded
          ? BP_EVENTS
          : [
              ...BP_EVENTS,
              { type: 'quote', quotes: [BP_QUOTE], isend: false },
              { type: 'status', status: 'done', messageId: 0, suggestions: [], isend: true },
            ];
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(sse(events));
            if (!isBpOpenEnded) controller.close();
            init?.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('Aborted', 'AbortError')),
            );
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      }
      if (path === '/api/chat/reportcreate') return envelope(REPORT);
      return envelope(null, 404, -404, '接口不存在');
    }),
  );
  // jsdom has no object URLs: the blob handed over is what a download would save.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:download';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const answer = (content: string, status: ViewMessage['status'] = 'done'): ViewMessage => ({
  ...newMessage('assistant', content),
  status,
});
const CONVERSATION = [newMessage('user', '储能行业规模'), answer('规模增长[1]')];

function renderMenu(messages: ViewMessage[] = CONVERSATION) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <MemoryRouter>
          <ConversationMenu chatuuid="c1" messages={messages} isStreaming={false} />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

async function pick(testId: string) {
  fireEvent.click(screen.getByTestId('conversation-menu'));
  const item = await screen.findByTestId(testId);
  fireEvent.click(item);
}

describe('countAnswers', () => {
  it('counts finished or stopped answers with text, not failed or empty ones', () => {
    expect(
      countAnswers([...CONVERSATION, answer('', 'done'), answer('半句', 'stopped'), answer('x', 'error')]),
    ).toBe(2);
  });
});

describe('conversation menu', () => {
  it('offers the documents only once the conversation has an answer', async () => {
    renderMenu([newMessage('user', '你好')]);
    fireEvent.click(screen.getByTestId('conversation-menu'));
    const item = await screen.findByTestId('action-export-bp');
    expect(item.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(item);
    expect(screen.queryByTestId('doc-body')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('streams a BP draft into the drawer, with its citation, and downloads it as .md with the sources', async () => {
    renderMenu();
    await pick('action-export-bp');
    await screen.findByText('市场规模保持增长', { selector: '.jq-md-quote-text' });
    expect(screen.getByTestId('doc-body').textContent).toContain('驰电 商业计划书（草稿）');
    fireEvent.click(screen.getByTestId('doc-download'));
    expect(downloads).toEqual(['驰电_商业计划书（草稿）.md']);
    const text = await readBlob(blobs[0]!);
    expect(text).toContain('## 参考来源\n\n1. 《新能源汽车白皮书》第 3 页：“市场规模保持增长”');
  });

  it('stops a BP draft while it is written; the text so far stays', async () => {
    isBpOpenEnded = true;
    renderMenu();
    await pick('action-export-bp');
    await screen.findByText('一、项目概述');
    expect(screen.getByTestId('doc-download')).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByTestId('doc-stop'));
    await screen.findByTestId('answer-stopped');
    expect(screen.getByTestId('doc-body').textContent).toContain('一、项目概述');
    expect(screen.getByTestId('doc-download')).toHaveProperty('disabled', false);
  });

  it('shows the report made from the conversation with its sections and numbered citations, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderMenu();
    await pick('action-chat-report');
    await screen.findByText('储能规模');
    expect(screen.getAllByTestId('quote-card')).toHaveLength(1);
    expect(screen.getByTestId('citation').textContent).toBe('1');
    // The citation cards list the sources; the text's own list is not shown twice.
    expect(screen.getByTestId('doc-body').textContent).not.toContain('参考来源');
    fireEvent.click(screen.getByTestId('doc-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(REPORT.content));
    expect(calls.filter((path) => path === '/api/chat/reportcreate')).toHaveLength(1);
  });
});
