/**
 * Groups over the HTTP rows on both databases: the square, applying and approval, invite
 * links, members and roles, mute, remove and leave (with the group handed on), the files
 * of a group for the knowledge base, and that only members read a group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listGroupFiles } from '../../src/modules/im/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { call, ok, type Person, person, say } from './helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An upload through the uploads module's rows: start, PUT each slice, complete. */
async function upload(t: TestApp, who: Person, filename: string, bytes: Buffer) {
  const headers = { cookie: who.cookie };
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/upload/start',
    headers,
    payload: { purpose: 'im', filename, size: bytes.length },
  });
  const ticket = started.json().data as { ticketId: string; sliceSize: number; slices: { url: string }[] };
  for (const [index, slice] of ticket.slices.entries()) {
    await t.app.inject({
      method: 'PUT',
      url: slice.url,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: bytes.subarray(index * ticket.sliceSize, (index + 1) * ticket.sliceSize),
    });
  }
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/upload/complete',
    headers,
    payload: { ticketId: ticket.ticketId },
  });
  return { status: done.statusCode, body: done.json() };
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`groups (${engine})`, () => {
    let t: TestApp;
    let owner: Person;
    let amy: Person;
    let ben: Person;
    let group: number;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      owner = await person(t, '群主老王');
      amy = await person(t, '艾米');
      ben = await person(t, '本');
      group = (
        await ok(t, owner, '/im/creategroup', {
          name: '新能源投融资交流群',
          intro: '聊聊储能与光伏',
          isPublic: true,
        })
      ).id;
    });
    afterAll(() => t.close());

    it('lists public groups on the square, for anyone, with whether the caller is in', async () => {
      await ok(t, owner, '/im/creategroup', { name: '私密小群', isPublic: false });
      const anonymous = await ok(t, null, '/im/square', { keyword: '新能源' });
      expect(anonymous.list).toHaveLength(1);
      expect(anonymous.list[0]).toMatchObject({
        id: group,
        name: '新能源投融资交流群',
        memberCount: 1,
        owner: { uguid: owner.uguid },
        needApproval: true,
        isMember: false,
      });
      expect((await ok(t, owner, '/im/square', {})).list.map((g: { name: string }) => g.name)).toEqual([
        '新能源投融资交流群',
      ]);
      expect((await ok(t, owner, '/im/square', {})).list[0].isMember).toBe(true);
    });

    it('joins by application and the owner’s approval', async () => {
      expect(await ok(t, amy, '/im/checkjoin', { id: group })).toMatchObject({
        status: 'none',
        canJoinDirectly: false,
      });
      expect(await ok(t, amy, '/im/applyjoin', { id: group, message: '我是做储能的' })).toEqual({
        status: 'pending',
        id: group,
      });
      expect((await ok(t, amy, '/im/checkjoin', { id: group })).status).toBe('pending');
      expect((await call(t, amy, '/im/messages', { id: group })).status).toBe(404);
      const pending = await ok(t, owner, '/im/applications', {});
      expect(pending.list).toHaveLength(1);
      expect(pending.list[0]).toMatchObject({ user: { uguid: amy.uguid }, message: '我是做储能的' });
      // Only a manager of that group may decide.
      expect((await call(t, ben, '/im/approvejoin', { id: pending.list[0].id, approve: true })).status).toBe(
        404,
      );
      expect(await ok(t, owner, '/im/approvejoin', { id: pending.list[0].id, approve: true })).toEqual({
        status: 'approved',
      });
      expect(
        (await call(t, owner, '/im/approvejoin', { id: pending.list[0].id, approve: true })).status,
      ).toBe(409);
      expect((await ok(t, amy, '/im/checkjoin', { id: group })).status).toBe('member');
      const page = await ok(t, amy, '/im/messages', { id: group });
      expect(page.list.map((m: { kind: string; text: string }) => [m.kind, m.text])).toEqual([
        ['system', '群主老王 加入了群聊'],
        ['system', '艾米 加入了群聊'],
      ]);
      // The newcomer starts with nothing unread.
      expect((await ok(t, amy, '/im/info', { id: group })).unread).toBe(0);
    });

    it('joins directly with an invite link; a private group is found only through one', async () => {
      const secret = (await ok(t, owner, '/im/creategroup', { name: '闭门会', isPublic: false })).id;
      expect((await call(t, ben, '/im/checkjoin', { id: secret })).body).toEqual(
        (await call(t, ben, '/im/checkjoin', { id: 424_242 })).body,
      );
      expect((await call(t, amy, '/im/invite', { id: group })).status).toBe(403);
      const invite = await ok(t, owner, '/im/invite', { id: secret });
      expect(invite.path).toBe(`/groupinvite?id=${invite.code}`);
      expect(await ok(t, ben, '/im/checkjoin', { code: invite.code })).toMatchObject({
        status: 'none',
        canJoinDirectly: true,
        group: { name: '闭门会' },
      });
      expect(await ok(t, ben, '/im/applyjoin', { code: invite.code })).toEqual({
        status: 'joined',
        id: secret,
      });
      expect((await ok(t, ben, '/im/conversations')).list.map((c: { id: number }) => c.id)).toContain(secret);
      expect((await call(t, ben, '/im/checkjoin', { code: 'nonexistent0' })).status).toBe(404);
      expect((await call(t, ben, '/im/checkjoin', { code: '../x' })).status).toBe(400);
    });

    it('lists members by role and lets the owner name admins', async () => {
      await ok(t, ben, '/im/applyjoin', { code: (await ok(t, owner, '/im/invite', { id: group })).code });
      expect(await ok(t, owner, '/im/role', { id: group, tuid: amy.uguid, isAdmin: true })).toEqual({
        role: 'admin',
      });
      const members = await ok(t, ben, '/im/member', { id: group });
      expect(members.myRole).toBe('member');
      expect(members.list.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
        ['群主老王', 'owner'],
        ['艾米', 'admin'],
        ['本', 'member'],
      ]);
      expect((await call(t, amy, '/im/role', { id: group, tuid: ben.uguid, isAdmin: true })).status).toBe(
        403,
      );
      expect((await call(t, amy, '/im/remove', { id: group, tuid: owner.uguid })).status).toBe(403);
      const stranger = await person(t, '外人');
      expect((await call(t, stranger, '/im/member', { id: group })).status).toBe(404);
    });

    it('mutes a member: their messages are refused until the mute is lifted', async () => {
      const muted = await ok(t, amy, '/im/mute', { id: group, tuid: ben.uguid, minutes: 10 });
      expect(new Date(muted.mutedUntil).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
      expect((await call(t, ben, '/im/send', { id: group, text: '我能说话吗' })).body).toMatchObject({
        code: -403,
        msg: '你已被禁言，暂时不能发言',
      });
      await ok(t, amy, '/im/mute', { id: group, tuid: ben.uguid, minutes: 0 });
      expect((await say(t, ben, group, '谢谢解除禁言')).kind).toBe('text');
    });

    it('shares images and files with members only, and lists them for the knowledge base', async () => {
      const image = await upload(t, amy, '路演.png', PNG);
      expect(image.body.data).toMatchObject({ kind: 'png', contentType: 'image/png', filename: '路演.png' });
      const text = await upload(t, amy, '纪要.txt', Buffer.from('会议纪要：下周路演'));
      // A text file cannot go out as an image.
      expect(
        (await call(t, amy, '/im/send', { id: group, kind: 'image', fileId: text.body.data.id })).body.msg,
      ).toBe('该文件不是图片');
      const file = await upload(t, amy, '商业计划书.md', Buffer.from('# 商业计划书\n\n储能项目'));
      // Someone else's upload cannot be sent.
      expect(
        (await call(t, ben, '/im/send', { id: group, kind: 'file', fileId: file.body.data.id })).status,
      ).toBe(400);
      const picture = await ok(t, amy, '/im/send', { id: group, kind: 'image', fileId: image.body.data.id });
      const shown = await t.app.inject({ url: picture.file.url, headers: { cookie: ben.cookie } });
      expect([
        shown.headers['content-type'],
        shown.headers['content-disposition']?.toString().split(';')[0],
      ]).toEqual(['image/png', 'inline']);
      const sent = await ok(t, amy, '/im/send', { id: group, kind: 'file', fileId: file.body.data.id });
      expect(sent).toMatchObject({
        kind: 'file',
        text: '商业计划书.md',
        file: { url: `/api/im/file/${file.body.data.id}` },
      });

      const asMember = await t.app.inject({ url: sent.file.url, headers: { cookie: ben.cookie } });
      expect(asMember.statusCode).toBe(200);
      expect(asMember.headers['content-type']).toBe('application/octet-stream');
      expect(asMember.headers['content-disposition']).toContain("filename*=UTF-8''%E5%95%86");
      const stranger = await person(t, '路人甲');
      const refused = await t.app.inject({ url: sent.file.url, headers: { cookie: stranger.cookie } });
      expect(refused.statusCode).toBe(404);

      const db = t.platform.database.db;
      const files = await listGroupFiles(db, { groupId: group, userId: ben.id, page: 1, pageSize: 10 });
      expect(files.total).toBe(2);
      expect(files.list.map((f) => [f.file.name, f.file.isImage])).toEqual([
        ['商业计划书.md', false],
        ['路演.png', true],
      ]);
      const notMember = listGroupFiles(db, { groupId: group, userId: stranger.id, page: 1, pageSize: 10 });
      const missing = listGroupFiles(db, { groupId: 999_999, userId: stranger.id, page: 1, pageSize: 10 });
      const [a, b] = await Promise.allSettled([notMember, missing]);
      expect(a.status).toBe('rejected');
      expect((a as PromiseRejectedResult).reason.message).toBe((b as PromiseRejectedResult).reason.message);
    });

    it('removes a member, who then reads nothing; the owner leaving hands the group on', async () => {
      await ok(t, amy, '/im/remove', { id: group, tuid: ben.uguid });
      expect((await call(t, ben, '/im/messages', { id: group })).status).toBe(404);
      expect((await call(t, ben, '/im/send', { id: group, text: '我还在吗' })).status).toBe(404);
      expect((await ok(t, ben, '/im/conversations')).list.map((c: { id: number }) => c.id)).not.toContain(
        group,
      );
      await ok(t, owner, '/im/leave', { id: group });
      const members = await ok(t, amy, '/im/member', { id: group });
      expect(members.list.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
        ['艾米', 'owner'],
      ]);
      const lines = (await ok(t, amy, '/im/messages', { id: group })).list.map(
        (m: { text: string }) => m.text,
      );
      expect(lines.slice(-3)).toEqual(['本 已被移出群聊', '群主老王 退出了群聊', '艾米 成为新群主']);
      expect((await ok(t, null, '/im/square', { keyword: '新能源' })).list[0].memberCount).toBe(1);
    });
  });
}
