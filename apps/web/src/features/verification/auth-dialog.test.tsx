/**
 * The authorisation dialog against a stubbed network (fetch): it resumes the stored
 * dialogue, sends only non-empty text of at most 80 characters, at most once a second,
 * shows "output in progress" while streaming, cannot be closed while waiting, fires
 * `authSuccess`, and hides the input once the dialogue is over.
 */
import { LIMITS, messages } from '@jq/contract';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetServerErrorState, setApiEffects } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { AuthDialog } from './auth-dialog';
import { AUTH_SUCCESS_EVENT } from './auth-success';
import { useAuthChat } from './use-auth-chat';

const encoder = new TextEncoder();
const fetchMock = vi.fn<typeof fetch>();

const event = (fields: object) => ({
  type: 'delta',
  role: 'assistant',
  msgtype: 'text',
  content: '',
  start: false,
  end: false,
  isend: false,
  waiting: false,
  waitingend: false,
  homequery: '',
  errMsg: '',
  authSuccess: false,
  state: 'dialogue',
  ...fields,
});

/** A stream the test feeds event by event. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    push: (fields: object) =>
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event(fields))}\n\n`)),
    close: () => controller.close(),
  };
}

const json = (data: unknown) =>
  new Response(JSON.stringify({ code: 1000, msg: '成功', data }), {
    headers: { 'content-type': 'application/json' },
  });

const HISTORY = {
  state: 'dialogue',
  cardurl: '/api/upload/file/bcard/u1/abcdefghijklmnop',
  list: [
    {
      role: 'user',
      msgtype: 'image_url',
      content: '/api/upload/file/bcard/u1/abcdefghijklmnop',
      homequery: '',
      createdAt: '',
    },
    {
      role: 'assistant',
      msgtype: 'text',
      content: '从您的名片中识别到：\n姓名：林晓雯',
      homequery: '',
      createdAt: '',
    },
    {
      role: 'assistant',
      msgtype: 'text',
      content: '请确认：以上名片信息是否为您本人当前的任职信息？',
      homequery: '',
      createdAt: '',
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setApiEffects({ notify: vi.fn(), navigate: vi.fn(), reload: vi.fn() });
  resetServerErrorState();
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(onClose = vi.fn()) {
  render(
    <FeedbackProvider>
      <AuthDialog open onClose={onClose} />
    </FeedbackProvider>,
  );
  return onClose;
}

const input = () => screen.getByTestId('auth-input-box') as HTMLInputElement;

describe('AuthDialog', () => {
  it('resumes the stored dialogue and walks a verification to authSuccess', async () => {
    fetchMock.mockResolvedValueOnce(json(HISTORY));
    const onClose = renderDialog();
    expect(await screen.findByText(/姓名：林晓雯/)).toBeTruthy();
    expect(input().maxLength).toBe(LIMITS.messageMaxChars);

    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('auth-send'));
    expect(fetchMock).toHaveBeenCalledTimes(1); // whitespace is not sent

    const stream = openStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    fireEvent.change(input(), { target: { value: '是' } });
    fireEvent.click(screen.getByTestId('auth-send'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/aiAuth');
    expect(JSON.parse(String(init?.body))).toEqual({ msgtype: 'text', content: '是' });

    await act(async () =>
      stream.push({ content: '感谢您的配合', start: true, end: true, state: 'deciding' }),
    );
    expect(await screen.findByText(messages.outputInProgress)).toBeTruthy();
    await act(async () => stream.push({ type: 'status', waiting: true, state: 'deciding' }));
    expect(await screen.findByTestId('auth-waiting')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    const success = vi.fn();
    window.addEventListener(AUTH_SUCCESS_EVENT, success);
    await act(async () => {
      stream.push({ type: 'status', waitingend: true, state: 'verified' });
      stream.push({
        content: '认证成功！',
        start: true,
        end: true,
        homequery: '启明创投近期动态',
        state: 'verified',
      });
      stream.push({ type: 'status', authSuccess: true, state: 'verified' });
      stream.push({ type: 'status', isend: true, state: 'verified' });
      stream.close();
    });
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    window.removeEventListener(AUTH_SUCCESS_EVENT, success);
    expect(screen.getByText('认证成功！')).toBeTruthy();
    expect(screen.getByTestId('auth-homequery').textContent).toContain('启明创投近期动态');
    expect(screen.queryByTestId('auth-input')).toBeNull();
    expect(document.querySelector('.ant-modal-close')).not.toBeNull();
  });

  it('opens on the card upload when there is no card yet', async () => {
    fetchMock.mockResolvedValueOnce(json({ state: 'none', cardurl: '', list: [] }));
    renderDialog();
    expect(await screen.findByTestId('card-upload')).toBeTruthy();
    expect(screen.queryByTestId('auth-input')).toBeNull();
  });

  it('starts the dialogue itself for a card submitted but not yet talked about', async () => {
    const stream = openStream();
    fetchMock.mockResolvedValueOnce(json({ ...HISTORY, list: [] })).mockResolvedValueOnce(stream.response);
    renderDialog();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({
      msgtype: 'image_url',
      content: HISTORY.cardurl,
    });
    stream.close();
  });
});

describe('useAuthChat', () => {
  it('sends at most once a second and never more than 80 characters', async () => {
    let clock = 10_000;
    const streams = [openStream(), openStream()];
    fetchMock.mockResolvedValueOnce(streams[0]!.response).mockResolvedValueOnce(streams[1]!.response);
    const { result } = renderHook(() => useAuthChat(() => clock));
    act(() => result.current.reset([], 'dialogue'));

    expect(result.current.send('好'.repeat(81))).toBe(false);
    let sent = false;
    act(() => {
      sent = result.current.send('第一句');
    });
    expect(sent).toBe(true);
    await act(async () => {
      streams[0]!.push({ type: 'status', isend: true });
      streams[0]!.close();
    });
    await waitFor(() => expect(result.current.isStreaming).toBe(false));
    clock += LIMITS.sendDebounceMs - 1;
    expect(result.current.send('太快了')).toBe(false);
    clock += 1;
    act(() => {
      sent = result.current.send('第二句');
    });
    expect(sent).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    streams[1]!.close();
  });
});
