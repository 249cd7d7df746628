/** Reported chat messages reach the operators: `npm run admin -- im-reports` lists them, `im-report-close` closes one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, runAdminCommand } from '../../src/cli/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ok, person, privateChat, say } from './helpers.js';

describe('chat reports on the admin command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'pglite' });
  });
  afterAll(() => t.close());

  it('lists open reports with the message and its sender, and closes one', async () => {
    const admin = (args: string[]) => runAdminCommand(t.platform.database.db, t.platform.bus, args);
    expect(await admin(['im-reports'])).toBe('没有待处理的聊天举报。');
    const spammer = await person(t, '推广员', { phone: '13600000001' });
    const victim = await person(t, '受害者');
    const conv = await privateChat(t, spammer, victim);
    const spam = await say(t, spammer, conv, '内部消息，加微信领取原始股');
    await ok(t, victim, '/im/report', { messageId: spam.id, reason: 'fraud', detail: '冒充内部人士' });
    const listed = await admin(['im-reports']);
    expect(listed).toContain('待处理的聊天举报 1 件');
    expect(listed).toContain('诈骗 · 私聊 · 发送者 推广员（13600000001） · 举报人 受害者');
    expect(listed).toContain('「内部消息，加微信领取原始股」 说明：冒充内部人士');
    const id = /#(\d+)/.exec(listed)![1]!;
    expect(await admin(['im-report-close', id])).toBe(`已将举报 #${id} 标记为已处理`);
    expect(await admin(['im-reports'])).toBe('没有待处理的聊天举报。');
    await expect(admin(['im-report-close', id])).rejects.toThrow(AdminError);
    await expect(admin(['im-report-close', 'abc'])).rejects.toThrow('不是有效的举报编号');
  });
});
