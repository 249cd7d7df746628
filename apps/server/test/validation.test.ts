/**
 * The one string rule of every row (http/validation.ts): a control character anywhere in a
 * body, query or path parameter is refused with the field's Chinese name, before the
 * schema or the handler (PostgreSQL would refuse a NUL with a 500). Tab and line breaks
 * are text. Malformed and overlong paths answer in the envelope too.
 */
import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findControlCharacter } from '../src/http/validation.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { signIn } from './helpers/users.js';

describe('control characters in requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a NUL in a body field, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/track/Act',
      payload: { action: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: Code.BAD_REQUEST,
      msg: '参数「操作类型」有误：含有不允许的控制字符',
      data: null,
    });
  });

  it('refuses an escape sequence in a query parameter', async () => {
    const { cookie } = await signIn(t.platform.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/checkOrder?orderno=%1B%5B31m',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('含有不允许的控制字符');
  });

  it('refuses a null body where the row expects an object (authHistory answered 1000 before)', async () => {
    const { cookie } = await signIn(t.platform.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/authHistory',
      headers: { cookie, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Code.BAD_REQUEST);
  });

  it('lets tabs and line breaks through as text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/track/Act',
      payload: { action: 'menu', param: '第一行\n第二行\t缩进\r\n' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers an overlong path parameter in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/s/${'长'.repeat(3000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: '请求地址有误' });
  });

  it('finds a control character in nested values and keys', () => {
    expect(findControlCharacter({ a: [{ b: 'ok' }, { c: 'x\u0007' }] })).toEqual(['a', '1', 'c']);
    expect(findControlCharacter({ ['k\u0000']: 1 })).toEqual(['k']);
    expect(findControlCharacter({ a: 'fine\n', b: 2, c: null })).toBeNull();
  });
});
