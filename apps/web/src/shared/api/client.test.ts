import { Code, LIMITS, messages } from '@jq/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiGet,
  apiPost,
  isAbortError,
  isInServerErrorState,
  resetServerErrorState,
  setApiEffects,
} from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const effects = { notify: vi.fn(), navigate: vi.fn(), reload: vi.fn() };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  for (const effect of Object.values(effects)) effect.mockReset();
  setApiEffects(effects);
  resetServerErrorState();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('request', () => {
  it('posts JSON under /api and returns data of the envelope', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 1000, msg: '成功', data: { list: [1] } }));
    await expect(apiPost('/acorg/OrgFuzzySearch', { keyword: '腾讯' })).resolves.toEqual({ list: [1] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/acorg/OrgFuzzySearch');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ keyword: '腾讯' }));
  });

  it('puts GET parameters in the query, skipping empty ones', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: 1000, msg: '', data: 1 }));
    await apiGet('/pay/CheckChargeOrder', { orderno: 'A1', extra: undefined });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/pay/CheckChargeOrder?orderno=A1');
  });

  it('throws ApiError with code, msg and status and tells nobody about business refusals', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: -1, msg: '该手机号已被绑定！', data: null }));
    const error = await rejectionOf(apiPost('/auth/PhoneLogin', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, msg: '该手机号已被绑定！', status: 200 });
    expect(effects.notify).not.toHaveBeenCalled();
  });

  it("carries the envelope's data on the error (QR poll status, credits short)", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { code: -1, msg: '等待确认', data: { status: 'scanned' } }));
    const waiting = await rejectionOf(apiGet('/auth/CheckLoginQrcode', { code: 'login_x' }));
    expect(waiting).toMatchObject({ code: -1, data: { status: 'scanned' } });
  });

  it('leaves a -403 with {need, power} to the caller: no notice, never toward /500', async () => {
    for (let i = 0; i < LIMITS.consecutiveFailuresTo500 + 1; i++) {
      fetchMock.mockResolvedValueOnce(
        json(403, { code: Code.FORBIDDEN, msg: '算力不足', data: { need: 199, power: 0 } }),
      );
      const error = await rejectionOf(apiPost('/user/UnlockUser2ProjectMap', { pid: 1 }));
      expect(error).toMatchObject({ code: Code.FORBIDDEN, status: 403, data: { need: 199, power: 0 } });
    }
    expect(effects.notify).not.toHaveBeenCalled();
    expect(effects.navigate).not.toHaveBeenCalled();
    expect(isInServerErrorState()).toBe(false);
  });

  it('shows the server-error notice for a 502', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    await rejectionOf(apiGet('/x'));
    expect(effects.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: messages.serverErrorTitle, description: messages.serverErrorDesc }),
    );
  });

  it('shows Forbidden with the server message for a 403', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { code: Code.FORBIDDEN, msg: '无权查看该项目' }));
    await rejectionOf(apiPost('/project/ProjectInfo', { pid: 1 }));
    expect(effects.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: messages.forbiddenTitle, description: '无权查看该项目' }),
    );
  });

  it('shows Unauthorized and reloads the page once for a 401', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(401, { code: Code.UNAUTHORIZED, msg: '请先登录' }));
    await rejectionOf(apiGet('/auth/getuinfo'));
    await rejectionOf(apiGet('/auth/getuinfo'));
    expect(effects.notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: messages.unauthorizedTitle, description: messages.unauthorizedDesc }),
    );
    await vi.runAllTimersAsync();
    expect(effects.reload).toHaveBeenCalledTimes(1);
  });

  it('goes to /ipBanned on code -9999', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { code: Code.IP_BANNED, msg: '您的 IP 已被封禁' }));
    await rejectionOf(apiGet('/auth/status'));
    expect(effects.navigate).toHaveBeenCalledWith('/ipBanned');
  });

  it('times out after 6000 ms with a timeout ApiError', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const pending = rejectionOf(apiGet('/slow'));
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: Code.TIMEOUT, status: 0, msg: messages.requestTimeout });
  });

  it('passes a caller abort through as an AbortError that does not count as a failure', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    for (let i = 0; i < LIMITS.consecutiveFailuresTo500; i += 1) {
      const controller = new AbortController();
      const pending = rejectionOf(apiGet('/x', undefined, { signal: controller.signal }));
      controller.abort();
      expect(isAbortError(await pending)).toBe(true);
    }
    expect(isInServerErrorState()).toBe(false);
    expect(effects.notify).not.toHaveBeenCalled();
  });
});

describe('the 500 state', () => {
  it('goes to /500 on the fifth consecutive failure of one endpoint and then refuses every request', async () => {
    fetchMock.mockImplementation(async () => json(500, { code: Code.INTERNAL, msg: '服务器错误' }));
    for (let i = 1; i < LIMITS.consecutiveFailuresTo500; i += 1) await rejectionOf(apiPost('/a'));
    expect(effects.navigate).not.toHaveBeenCalled();
    await rejectionOf(apiPost('/a'));
    expect(effects.navigate).toHaveBeenCalledWith('/500');

    fetchMock.mockClear();
    const refused = await rejectionOf(apiGet('/other'));
    expect(refused).toMatchObject({ msg: messages.in500State });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not reached by failures spread over endpoints or broken by a success', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    for (let i = 0; i < 4; i += 1) {
      await rejectionOf(apiPost('/a'));
      await rejectionOf(apiPost('/b'));
    }
    fetchMock.mockResolvedValueOnce(json(200, { code: 1000, msg: '', data: null }));
    await apiPost('/a');
    await rejectionOf(apiPost('/a'));
    expect(isInServerErrorState()).toBe(false);
    expect(effects.navigate).not.toHaveBeenCalled();
  });

  it('lets requests through again after a reset', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 503 }));
    for (let i = 0; i < LIMITS.consecutiveFailuresTo500; i += 1) await rejectionOf(apiGet('/a'));
    expect(isInServerErrorState()).toBe(true);
    resetServerErrorState();
    fetchMock.mockResolvedValueOnce(json(200, { code: 1000, msg: '', data: 'ok' }));
    await expect(apiGet('/a')).resolves.toBe('ok');
  });
});
