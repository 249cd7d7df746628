import { Code, messages } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  classifyFailure,
  countsTowardServerError,
  createFailureTracker,
  endpointKey,
  readEnvelope,
} from './envelope';

function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('readEnvelope', () => {
  it('returns data of a 1000 envelope', () => {
    expect(readEnvelope({ code: 1000, msg: '成功', data: { id: 7 } }, 200)).toEqual({ id: 7 });
  });

  it('throws the envelope code and message for a business refusal', () => {
    const error = errorOf(() => readEnvelope({ code: -1, msg: '该手机号已被绑定！', data: null }, 200));
    expect(error).toMatchObject({ code: -1, msg: '该手机号已被绑定！', status: 200, data: null });
  });

  it("keeps the refusal's data for the caller", () => {
    const error = errorOf(() =>
      readEnvelope({ code: Code.FORBIDDEN, msg: '算力不足', data: { need: 199, power: 3 } }, 403),
    );
    expect(error).toMatchObject({ code: Code.FORBIDDEN, status: 403, data: { need: 199, power: 3 } });
    expect(errorOf(() => readEnvelope('<html></html>', 502)).data).toBeNull();
  });

  it('falls back to the catalogue message when msg is empty', () => {
    const error = errorOf(() => readEnvelope({ code: Code.RATE_LIMITED, msg: '' }, 429));
    expect(error.msg).toBe('操作过于频繁，请稍后再试');
  });

  it('turns a body that is not an envelope into a server error carrying the status', () => {
    const error = errorOf(() => readEnvelope('<html>Bad Gateway</html>', 502));
    expect(error).toMatchObject({ code: Code.INTERNAL, msg: messages.serverErrorDesc, status: 502 });
    expect(errorOf(() => readEnvelope(undefined, 404)).code).toBe(Code.NOT_FOUND);
  });
});

describe('classifyFailure', () => {
  it.each([
    [{ code: Code.IP_BANNED, status: 403, msg: '' }, 'ipBanned'],
    [{ code: Code.UNAUTHORIZED, status: 401, msg: '' }, 'unauthorized'],
    [{ code: Code.FORBIDDEN, status: 403, msg: '' }, 'forbidden'],
    [{ code: Code.FORBIDDEN, status: 403, msg: '算力不足', data: { need: 199, power: 0 } }, 'business'],
    [{ code: Code.ACCOUNT_BANNED, status: 403, msg: '', data: { x: 1 } }, 'forbidden'],
    [{ code: Code.INTERNAL, status: 500, msg: '' }, 'server'],
    [{ code: Code.INTERNAL, status: 502, msg: '' }, 'server'],
    [{ code: Code.NOT_FOUND, status: 404, msg: '接口不存在' }, 'server'],
    [{ code: Code.NOT_FOUND, status: 404, msg: '项目不存在' }, 'business'],
    [{ code: Code.NOT_ENABLED, status: 501, msg: '该功能即将上线，敬请期待' }, 'business'],
    [{ code: Code.TIMEOUT, status: 0, msg: '' }, 'timeout'],
    [{ code: Code.UNAVAILABLE, status: 0, msg: '' }, 'network'],
    [{ code: Code.BAD_REQUEST, status: 400, msg: '' }, 'business'],
    [{ code: -1, status: 200, msg: '' }, 'business'],
  ] as const)('%o is %s', (error, kind) => {
    expect(classifyFailure(error)).toBe(kind);
  });

  it('counts only failures that mean the endpoint is broken', () => {
    expect(countsTowardServerError('server')).toBe(true);
    expect(countsTowardServerError('timeout')).toBe(true);
    expect(countsTowardServerError('business')).toBe(false);
    expect(countsTowardServerError('unauthorized')).toBe(false);
    expect(countsTowardServerError('ipBanned')).toBe(false);
  });
});

describe('createFailureTracker', () => {
  it('trips on the fifth consecutive failure of one endpoint, once', () => {
    const tracker = createFailureTracker(5);
    const trips = Array.from({ length: 6 }, () => tracker.recordFailure('POST /api/a'));
    expect(trips).toEqual([false, false, false, false, true, false]);
    expect(tracker.isTripped).toBe(true);
  });

  it('counts endpoints separately', () => {
    const tracker = createFailureTracker(5);
    for (let i = 0; i < 4; i += 1) {
      tracker.recordFailure('POST /api/a');
      tracker.recordFailure('POST /api/b');
    }
    expect(tracker.isTripped).toBe(false);
  });

  it('starts over after a success of that endpoint', () => {
    const tracker = createFailureTracker(5);
    for (let i = 0; i < 4; i += 1) tracker.recordFailure('GET /api/a');
    tracker.recordSuccess('GET /api/a');
    for (let i = 0; i < 4; i += 1) expect(tracker.recordFailure('GET /api/a')).toBe(false);
    expect(tracker.countOf('GET /api/a')).toBe(4);
  });

  it('leaves the 500 state on reset', () => {
    const tracker = createFailureTracker(1);
    tracker.recordFailure('GET /api/a');
    tracker.reset();
    expect(tracker.isTripped).toBe(false);
    expect(tracker.countOf('GET /api/a')).toBe(0);
  });
});

describe('endpointKey', () => {
  it('ignores the query so polling one endpoint counts as one', () => {
    expect(endpointKey('get', '/api/pay/CheckChargeOrder?orderno=1')).toBe(
      endpointKey('GET', '/api/pay/CheckChargeOrder?orderno=2'),
    );
  });
});
