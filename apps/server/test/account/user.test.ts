import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCards, clientIds, userProfiles, users } from '../../src/db/schema.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { createUser, signIn } from '../helpers/users.js';
import { newPhone, outboxCode, sendCode } from './helpers.js';

const enterprise = (phone: string) => ({
  role: 1,
  phone,
  name: '王芳',
  company: '杭州云栖智能科技有限公司',
  title: '财务总监',
  address: '杭州市西湖区文三路 90 号',
  email: 'wangfang@yunqi.cn',
  brief: '工业视觉检测，年营收 8000 万元',
  stage: 3,
  industry: '人工智能',
  fundsize: 5000,
  period: '6 个月内',
  currency: 'CNY',
});

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`user info, status and registration on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        engine,
        env: {
          BILLING_VIP_MONTH_FEN: '29900',
          BILLING_VIP_CHARGE_ARGS: '199:30,999:180,1699:365',
          USER_CHANNELS: '{"douyin":"https://cdn.example.com/qr-douyin.png"}',
          BUILD_ID: 'b42',
        },
      });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const post = (url: string, cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

    it('answers status for an anonymous visitor with role -1 and the client configuration', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { 'x-client-id': 'client-anon-001' },
      });
      expect(res.json().data).toMatchObject({
        role: -1,
        isvip: false,
        exptime: '',
        exphide: true,
        isBindPhone: false,
        isBindWechat: false,
        uguid: null,
        commoncfg: {
          OptPerCharge: 990,
          DockPerCharge: 1990,
          ChatPerCharge: 100,
          VipChargeCfg: { month: 299, seasondiscount: 0.9, yeardiscount: 0.7 },
          UserChannel: { douyin: 'https://cdn.example.com/qr-douyin.png' },
          VipChargeArgs: { '199': 30, '999': 180, '1699': 365 },
        },
      });
    });

    it('answers status for a signed-in VIP with its expiry in Beijing time', async () => {
      const { user, cookie } = await signIn(db(), {
        phone: newPhone(),
        role: 2,
        vipExpiresAt: new Date('2030-01-31T16:30:00Z'),
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } });
      expect(res.json().data).toMatchObject({
        role: 2,
        isvip: true,
        exptime: '2030-02-01 00:30',
        exphide: false,
        isBindPhone: true,
        uguid: user.uguid,
      });
    });

    it("answers getuinfo with the spec's fields, and 401 when signed out", async () => {
      const { user, cookie } = await signIn(db(), {
        phone: '13912345678',
        isVerified: true,
        canDownload: true,
      });
      // The card the verification module keeps is the one the user info shows.
      await db()
        .insert(businessCards)
        .values({
          userId: user.id,
          key: `bcard/${user.uguid}/card-1`,
          ocrEngine: 'local',
          ocrMs: 120,
          lines: [],
          fields: {} as never,
          meanConfidence: 0.9,
        });
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/getuinfo', headers: { cookie } });
      expect(Object.keys(res.json().data)).toEqual(
        expect.arrayContaining([
          'uguid',
          'Name',
          'Avatar',
          'Phone',
          'Bcard',
          'inviteCode',
          'isVerify',
          'role',
          'dlreport',
          'imUid',
          'imSign',
        ]),
      );
      expect(res.json().data).toMatchObject({
        uguid: user.uguid,
        imUid: user.uguid,
        Phone: '13912345678',
        Bcard: expect.stringContaining(`bcard/${user.uguid}/card-1`),
        isVerify: true,
        dlreport: true,
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/getuinfo' })).statusCode).toBe(401);
    });

    it('registers a well-formed client id, and makes one for a bad id', async () => {
      const check = (ClientId?: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/ClientCheckV3', payload: { ClientId } });
      const first = await check('web-client-0001');
      expect(first.json().data).toEqual({ ClientId: 'web-client-0001', isNew: true });
      expect((await check('web-client-0001')).json().data).toEqual({
        ClientId: 'web-client-0001',
        isNew: false,
      });
      for (const bad of [undefined, 'x', '<script>alert(1)</script>', 'a'.repeat(100)]) {
        const res = await check(bad);
        expect(res.json().data.ClientId).toMatch(/^[0-9a-f-]{36}$/);
        expect(res.json().data.isNew).toBe(true);
      }
      const rows = await db().select().from(clientIds).where(eq(clientIds.id, 'web-client-0001'));
      expect(rows).toHaveLength(1);
    });

    it('lets one browser reload 30 times a minute, and stops a browser or an address that floods', async () => {
      const check = (clientId: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/ClientCheckV3',
          payload: { ClientId: clientId },
          headers: { 'x-client-id': clientId },
          remoteAddress: ip,
        });
      for (let i = 0; i < 30; i++)
        expect((await check('reloading-browser', '10.9.0.1')).statusCode).toBe(200);
      let last = 200;
      for (let i = 0; i < 31; i++) last = (await check('reloading-browser', '10.9.0.1')).statusCode;
      expect(last).toBe(429);
      // Rotating client ids from one address: stopped by the address limit.
      let rotated = 200;
      for (let i = 0; i < 601 && rotated !== 429; i++)
        rotated = (await check(`rotating-${i}-xxxx`, '10.9.0.2')).statusCode;
      expect(rotated).toBe(429);
    });

    it('answers the web version with the build id, for web and electron', async () => {
      const web = await t.app.inject({ method: 'GET', url: '/api/auth/webversion?env=web' });
      expect(web.json().data.version).toMatch(/^\d+\.\d+\.\d+\+b42$/);
      const electron = await t.app.inject({ method: 'GET', url: '/api/auth/webversion?env=electron' });
      expect(electron.json().data.version).toBe(web.json().data.version);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/webversion?env=ios' })).statusCode).toBe(
        400,
      );
    });

    it('saves name, avatar and switches identity; refuses bad values', async () => {
      const { user, cookie } = await signIn(db());
      const res = await post('/api/user/SaveUserBaseInfo', cookie, {
        name: '李明',
        avatar: 'https://thirdwx.qlogo.cn/mmopen/a/132',
        identity: 'investor',
      });
      expect(res.json().data).toMatchObject({
        Name: '李明',
        Avatar: 'https://thirdwx.qlogo.cn/mmopen/a/132',
        identity: 'investor',
      });
      const status = await t.app.inject({ method: 'GET', url: '/api/auth/status', headers: { cookie } });
      expect(status.json().data.identity).toBe('investor');
      for (const [body, message] of [
        [{ name: '' }, '请填写姓名'],
        [{ avatar: 'javascript:alert(1)' }, '头像地址不正确'],
        [{ identity: 'admin' }, '身份只能是投资方或企业方'],
        [{}, '没有需要保存的内容'],
      ] as const) {
        const bad = await post('/api/user/SaveUserBaseInfo', cookie, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().msg).toContain(message);
      }
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row!.name).toBe('李明');
    });

    it('keeps avatars on this site or on allowed https hosts, so no outside server learns who views a profile', async () => {
      const { cookie } = await signIn(db());
      for (const avatar of [
        '//evil.example/p.png',
        'http://thirdwx.qlogo.cn/a.png',
        'https://evil.example/p.png',
        'https://thirdwx.qlogo.cn.evil.example/p.png',
        'https://user@thirdwx.qlogo.cn/p.png',
        '/\\evil.example/p.png',
      ]) {
        const res = await post('/api/user/SaveUserBaseInfo', cookie, { avatar });
        expect(res.statusCode, avatar).toBe(400);
        expect(res.json().msg, avatar).toMatch(/头像/);
      }
      for (const avatar of ['/api/upload/file/avatar/x.png', 'https://wx.qlogo.cn/mmhead/x/0', '']) {
        const res = await post('/api/user/SaveUserBaseInfo', cookie, { avatar });
        expect(res.statusCode, avatar).toBe(200);
        expect(res.json().data.Avatar).toBe(avatar);
      }
    });

    describe('submitConcat', () => {
      it('saves an enterprise registration with every field for the phone of the account', async () => {
        const phone = newPhone();
        const { user, cookie } = await signIn(db(), { phone });
        const res = await post('/api/auth/submitConcat', cookie, enterprise(phone));
        expect(res.json()).toMatchObject({
          code: Code.OK,
          data: { role: 1, Name: '王芳', identity: 'enterprise' },
        });
        const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.userId, user.id));
        expect(profile).toMatchObject({
          role: 1,
          company: '杭州云栖智能科技有限公司',
          title: '财务总监',
          address: '杭州市西湖区文三路 90 号',
          email: 'wangfang@yunqi.cn',
          stage: 3,
          industry: '人工智能',
          fundSize: 5000,
          period: '6 个月内',
          currency: 'CNY',
        });
      });

      it('saves an institution registration and makes the user an investor', async () => {
        const phone = newPhone();
        const { cookie } = await signIn(db(), { phone });
        const res = await post('/api/auth/submitConcat', cookie, {
          role: 2,
          phone,
          name: '陈立',
          company: '红杉中国',
          title: '投资经理',
          industry: '企业服务',
          orgid: 'org-001',
          orgname: '红杉中国',
          fundsize: 100000,
          currency: 'USD',
        });
        expect(res.json().data).toMatchObject({ role: 2, identity: 'investor' });
      });

      it('names the field that is wrong, in Chinese', async () => {
        const phone = newPhone();
        const { cookie } = await signIn(db(), { phone });
        const cases: [object, string][] = [
          [{ role: 3 }, '身份只能是 1（企业）或 2（机构）'],
          [{ phone: '123' }, '请输入正确的手机号'],
          [{ name: '' }, '请填写姓名'],
          [{ company: '' }, '请填写公司名称'],
          [{ title: '' }, '请填写职位'],
          [{ email: 'not-an-email' }, '邮箱格式不正确'],
          [{ stage: 99 }, '融资轮次不正确'],
          [{ stage: undefined }, '请选择融资轮次'],
          [{ industry: '' }, '请填写所属行业'],
          [{ industry: '随便写点什么' }, '没有「随便写点什么」这个行业'],
          [{ brief: '长'.repeat(501) }, '简介最多 500 个字'],
          [{ fundsize: -1 }, '资金规模不能为负'],
          [{ currency: 'BTC' }, '币种不正确'],
          [{ role: 2, orgname: '', orgid: '' }, '请填写所属机构'],
        ];
        for (const [change, message] of cases) {
          const res = await post('/api/auth/submitConcat', cookie, { ...enterprise(phone), ...change });
          expect(res.statusCode, JSON.stringify(change)).toBe(400);
          expect(res.json().msg, JSON.stringify(change)).toContain(message);
        }
      });

      it("requires the new phone's SMS code when the phone differs from the account's", async () => {
        const { user, cookie } = await signIn(db(), { phone: newPhone() });
        const phone = newPhone();
        const noCode = await post('/api/auth/submitConcat', cookie, enterprise(phone));
        expect(noCode.statusCode).toBe(400);
        expect(noCode.json().msg).toContain('请输入正确的验证码');
        expect(
          (await post('/api/auth/submitConcat', cookie, { ...enterprise(phone), vcode: '000000' }))
            .statusCode,
        ).toBe(400);
        await sendCode(t.app, phone);
        const ok = await post('/api/auth/submitConcat', cookie, {
          ...enterprise(phone),
          vcode: await outboxCode(t.app, phone),
        });
        expect(ok.json().data.Phone).toBe(phone);
        const [row] = await db().select().from(users).where(eq(users.id, user.id));
        expect(row!.phone).toBe(phone);
      });

      it("answers -1 when the new phone is another account's", async () => {
        const { cookie } = await signIn(db(), { phone: newPhone() });
        const taken = newPhone();
        await createUser(db(), { phone: taken });
        await sendCode(t.app, taken);
        const res = await post('/api/auth/submitConcat', cookie, {
          ...enterprise(taken),
          vcode: await outboxCode(t.app, taken),
        });
        expect(res.json()).toMatchObject({ code: -1, msg: '该手机号已被绑定！' });
      });

      it('needs a session', async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/submitConcat',
          payload: enterprise(newPhone()),
        });
        expect(res.statusCode).toBe(401);
      });
    });
  });
}
