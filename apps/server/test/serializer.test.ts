import { Code } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route, shareAnswer, trustAnswer } from '../src/http/index.js';
import { addTestRoutes, createTestApp, type TestApp } from './helpers/app.js';

describe('response serialisation', () => {
  let t: TestApp;
  const answers: Record<string, { name: string; secret?: string }> = {
    shared: shareAnswer({ name: '共享', secret: '不应出现' }),
    own: { name: '各自', secret: '不应出现' },
    trusted: trustAnswer({ name: '可信' }),
    // Marked trusted but not in the schema's form: outside production the check refuses it.
    untrusty: trustAnswer({ name: '可信', secret: '不应出现' }),
  };
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
    await addTestRoutes(t.app, [
      route({
        method: 'GET',
        path: '/__answer/:which',
        access: 'P',
        summary: '序列化探针',
        params: z.object({ which: z.string() }),
        data: z.object({ name: z.string() }),
        handler: (request) => answers[request.params.which]!,
      }),
    ]);
    await t.app.ready();
  });
  afterAll(() => t.close());

  const get = async (which: string) => (await t.app.inject({ url: `/api/__answer/${which}` })).json();

  it('drops fields the schema does not name, shared or not', async () => {
    expect(await get('shared')).toEqual({ code: Code.OK, msg: '成功', data: { name: '共享' } });
    expect(await get('own')).toEqual({ code: Code.OK, msg: '成功', data: { name: '各自' } });
  });

  it('writes a shared answer once and an unshared one every time', async () => {
    await get('shared');
    await get('own');
    answers.shared!.name = '改过';
    answers.own!.name = '改过';
    expect((await get('shared')).data.name).toBe('共享');
    expect((await get('own')).data.name).toBe('改过');
  });

  it('writes a trusted answer as it is, and refuses one the schema would change (outside production)', async () => {
    expect(await get('trusted')).toEqual({ code: Code.OK, msg: '成功', data: { name: '可信' } });
    const refused = await t.app.inject({ url: '/api/__answer/untrusty' });
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('不应出现');
  });
});
