import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Code } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, investors, projects } from '../../src/db/schema.js';
import { IMPORT_KINDS } from '../../src/modules/library/import/columns.js';
import { templateCsv } from '../../src/modules/library/import/templates.js';
import { syncReferenceData } from '../../src/modules/reference/index.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';

const TEMPLATES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/modules/library/import/templates',
);

const ORG_HEADER =
  '外部ID,名称,简称,类型,成立年份,所在地区,关注行业,投资阶段,单笔投资下限(万元),单笔投资上限(万元),投资理念';

/** A multipart/form-data body as a browser sends it. */
function multipart(
  file: { name: string; body: Buffer | string; type?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----jqtest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`,
    ),
    Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library import on ${engine}`, () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await syncReferenceData(t.platform.database.db);
      admin = (await signIn(t.platform.database.db, { isAdmin: true })).cookie;
    });
    afterAll(() => t.close());

    const upload = (
      file: Parameters<typeof multipart>[0],
      fields?: Record<string, string>,
      cookie = admin,
    ) => {
      const body = multipart(file, fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/library/import',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    const count = async (table: 'institutions' | 'investors' | 'projects') =>
      Number(
        (
          await selectRows<{ n: string }>(
            t.platform.database.db,
            sql`select count(*) as n from ${sql.raw(table)}`,
          )
        )[0]!.n,
      );

    it('imports the institution template from CSV, mapping industries, stages and regions by name', async () => {
      const res = await upload({ name: '机构.csv', body: templateCsv('institutions') });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        kind: 'institutions',
        inserted: 1,
        updated: 0,
        imported: true,
      });
      const [org] = await t.platform.database.db
        .select()
        .from(institutions)
        .where(eq(institutions.externalId, 'ORG-0001'));
      expect(org).toMatchObject({
        name: '北京示例创业投资管理有限公司',
        type: 'VC',
        industries: ['ai', 'semiconductor'],
        stages: [2, 3, 4],
        regions: ['110000', '310000'],
        ticketMin: 500,
        ticketMax: 3000,
        isDemo: false,
      });
      expect(org!.searchTokens).toContain('人工智能');
      expect(org!.nameGrams).toContain('示例');
    });

    it('imports projects from an Excel file and reads regions, contacts and team', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('项目');
      sheet.addRow([
        '外部ID',
        '公司名称',
        '项目名称',
        '所属行业',
        '融资轮次',
        '拟融资金额(万元)',
        '所在地区',
        '成立年份',
        '团队成员',
        '联系人',
        '联系电话',
      ]);
      sheet.addRow([
        'XL-1',
        '杭州测试智能科技有限公司',
        '测试智能',
        '新能源车、动力电池',
        'Pre-A',
        '1.2亿',
        '浙江杭州',
        2022,
        '王一:CEO;李二:CTO',
        '王一',
        '199 0000 1234',
      ]);
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      const res = await upload({ name: '项目.xlsx', body: buffer, type: 'application/octet-stream' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ kind: 'projects', inserted: 1 });
      const [project] = await t.platform.database.db
        .select()
        .from(projects)
        .where(eq(projects.externalId, 'XL-1'));
      expect(project).toMatchObject({
        industryId: 'nev',
        industries: ['nev', 'nev.battery'],
        stage: 3,
        amountSought: 12_000,
        provinceCode: '330000',
        cityCode: '330100',
        foundedYear: 2022,
        team: [
          { name: '王一', title: 'CEO' },
          { name: '李二', title: 'CTO' },
        ],
      });
      expect(project!.contacts[0]).toMatchObject({ name: '王一', phone: '19900001234' });
      expect(project!.searchTokens).toContain('新能源');
    });

    it('imports nothing from a file with one bad row and names the row and field in Chinese', async () => {
      const before = await count('institutions');
      const csv = [
        ORG_HEADER,
        'BAD-1,好机构一号,好一,VC,2015,北京,人工智能,A轮,500,3000,',
        'BAD-2,好机构二号,好二,VC,2016,上海,储能,Z轮,500,3000,',
        'BAD-3,好机构三号,好三,PE,2010,深圳,光伏,C轮,5000,20000,',
      ].join('\n');
      const res = await upload({ name: 'bad.csv', body: csv });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe(Code.BAD_REQUEST);
      expect(body.msg).toContain('未导入任何数据');
      expect(body.data.messages).toContain(
        '第 3 行：「投资阶段」无法识别“Z轮”，可填写 种子轮、天使轮、A轮 … Pre-IPO、战略投资 等',
      );
      expect(body.data.errors).toEqual([expect.objectContaining({ row: 3, field: '投资阶段' })]);
      expect(await count('institutions')).toBe(before);
    });

    it('imports the good rows and reports the bad ones when asked to skip them', async () => {
      const before = await count('institutions');
      const csv = [
        ORG_HEADER,
        'SKIP-1,跳过测试一号,跳一,VC,2015,北京,人工智能,A轮,500,3000,',
        'SKIP-2,跳过测试二号,跳二,VC,2016,上海,不存在的行业,A轮,500,3000,',
        'SKIP-3,跳过测试三号,跳三,天使投资,2019,杭州,企业服务/SaaS,天使轮,100,500,',
      ].join('\n');
      const res = await upload({ name: 'skip.csv', body: csv }, { skipInvalid: 'true' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ inserted: 2, skipped: 1, imported: true });
      expect(res.json().data.messages[0]).toMatch(/^第 3 行：「关注行业」无法识别“不存在的行业”/);
      expect(await count('institutions')).toBe(before + 2);
    });

    it('updates by external id on re-import instead of duplicating', async () => {
      const csv = (thesis: string) =>
        `${ORG_HEADER}\nRE-1,重导测试创投有限公司,重导创投,VC,2018,广东,机器人,B轮,2000,8000,${thesis}`;
      expect((await upload({ name: 're.csv', body: csv('第一版理念') })).json().data.inserted).toBe(1);
      const before = await count('institutions');
      const res = await upload({ name: 're.csv', body: csv('第二版理念：关注人形机器人') });
      expect(res.json().data).toMatchObject({ inserted: 0, updated: 1 });
      expect(await count('institutions')).toBe(before);
      const [org] = await t.platform.database.db
        .select()
        .from(institutions)
        .where(eq(institutions.externalId, 'RE-1'));
      expect(org!.thesis).toBe('第二版理念：关注人形机器人');
      expect(org!.searchTokens).toContain('人形');
    });

    it('shows imported rows in searches at once, not after the search cache expires', async () => {
      const search = async () =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/acorg/OrgFuzzySearch',
            payload: { keyword: '缓存验证' },
          })
        ).json().data.total;
      expect(await search()).toBe(0);
      const csv = `${ORG_HEADER}\nCACHE-1,缓存验证创投有限公司,缓存验证,VC,2019,上海,人工智能,A轮,1000,5000,关注大模型`;
      expect((await upload({ name: 'cache.csv', body: csv })).json().data.inserted).toBe(1);
      expect(await search()).toBe(1);
    });

    it('links investors to institutions by name and reports an unknown institution', async () => {
      const csv = [
        '姓名,所属机构,职务,关注行业,投资阶段,电话',
        '赵测试,示例资本,合伙人,AI,A轮,19900002222',
        '钱测试,不存在的机构,投资经理,储能,B轮,19900003333',
      ].join('\n');
      const refused = await upload({ name: 'inv.csv', body: csv });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.messages).toEqual([
        '第 3 行：「所属机构」找不到机构“不存在的机构”，请先导入该机构或填写其外部ID',
      ]);
      const res = await upload({ name: 'inv.csv', body: csv }, { skipInvalid: '1', kind: 'investors' });
      expect(res.json().data).toMatchObject({ kind: 'investors', inserted: 1, skipped: 1 });
      const [investor] = await t.platform.database.db
        .select()
        .from(investors)
        .where(eq(investors.name, '赵测试'));
      const [org] = await t.platform.database.db
        .select()
        .from(institutions)
        .where(eq(institutions.externalId, 'ORG-0001'));
      expect(investor).toMatchObject({ institutionId: org!.id, industries: ['ai'], stages: [3] });
    });

    it('refuses a file without the required columns and an unknown kind', async () => {
      const res = await upload({ name: 'x.csv', body: '名称,类型\n某某,VC' }, { kind: 'projects' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('缺少必填列「所属行业」');
      const bad = await upload({ name: 'x.csv', body: templateCsv('projects') }, { kind: 'users' });
      expect(bad.statusCode).toBe(400);
    });

    it('refuses signed-out users (401) and non-administrators (403)', async () => {
      const body = multipart({ name: 'a.csv', body: templateCsv('institutions') });
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/library/import', ...body });
      expect(anonymous.statusCode).toBe(401);
      const user = await signIn(t.platform.database.db);
      const res = await upload({ name: 'a.csv', body: templateCsv('institutions') }, {}, user.cookie);
      expect(res.statusCode).toBe(403);
      const template = await t.app.inject({
        method: 'GET',
        url: '/api/admin/library/import/template?kind=projects',
        headers: { cookie: user.cookie },
      });
      expect(template.statusCode).toBe(403);
    });

    it('serves each template to administrators, identical to the shipped files', async () => {
      for (const kind of IMPORT_KINDS) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/admin/library/import/template?kind=${kind}`,
          headers: { cookie: admin },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('text/csv');
        expect(res.body).toBe(templateCsv(kind));
        expect(await readFile(path.join(TEMPLATES, `${kind}.csv`), 'utf8')).toBe(templateCsv(kind));
      }
    });
  });
}
