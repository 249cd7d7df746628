/**
 * Placements in the database on both engines: hand-made projects placed as SQL says they
 * should be (sub-industry overlap, tags, jieba tokens), identical rows on a second build,
 * the rebuild job on a library change, a project's place for other modules, and the admin
 * CLI editing a chain into new versions.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, runAdminCommand } from '../../src/cli/admin.js';
import { projects, rounds } from '../../src/db/schema.js';
import {
  currentGeneration,
  getProjectChainPlace,
  rebuildPlacements,
  syncChainSeeds,
} from '../../src/modules/chain/index.js';
import { notifyLibraryChanged } from '../../src/modules/library/index.js';
import { projectSearchFields } from '../../src/modules/reference/index.js';
import { type Db, selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';

interface Fixed {
  key: string;
  industries: string[];
  tags: string[];
  description: string;
}

const FIXED: Fixed[] = [
  {
    key: 'battery',
    industries: ['nev', 'nev.battery'],
    tags: ['半固态电池', '动力电池'],
    description: '专注半固态动力电池。',
  },
  {
    key: 'cathode',
    industries: ['new-materials', 'new-materials.battery'],
    tags: ['高镍正极材料', '锂电材料'],
    description: '公司生产高镍正极材料，供应动力电池企业。',
  },
  {
    key: 'fibre',
    industries: ['new-materials', 'new-materials.fiber'],
    tags: ['T800级碳纤维'],
    description: '碳纤维原丝。',
  },
  { key: 'plain', industries: ['nev'], tags: [], description: '公司建设和运营充电桩网络。' },
];

async function insertFixed(db: Db, list: Fixed[]) {
  const rows = await db
    .insert(projects)
    .values(
      list.map((f) => ({
        name: `测试${f.key}科技有限公司`,
        brandName: f.key,
        industryId: f.industries[0]!,
        industries: f.industries,
        tags: f.tags,
        description: f.description,
        ...projectSearchFields({
          name: f.key,
          brandName: f.key,
          description: f.description,
          products: '',
          industries: f.industries,
          tags: f.tags,
        }),
      })),
    )
    .returning({ id: projects.id });
  return Object.fromEntries(list.map((f, i) => [f.key, rows[i]!.id]));
}

type PlacementRow = {
  entity_id: number | string;
  node_id: string;
  chain_id: string;
  confidence: number;
  matched: string[];
};

async function placementsOf(db: Db, generation: number, ids: number[]) {
  return selectRows<PlacementRow>(
    db,
    sql`select entity_id, node_id, chain_id, confidence, matched from chain_placements
        where generation = ${generation} and entity_type = 'project'
          and entity_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        order by entity_id, node_id`,
  );
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`placements on ${engine}`, () => {
    let t: TestApp;
    let ids: Record<string, number>;
    const db = () => t.platform.database.db;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await t.app.ready();
      ids = await insertFixed(db(), FIXED);
      await db().insert(rounds).values({
        projectId: ids.battery!,
        date: '2025-06-01',
        stage: 3,
        amount: 5000,
        amountText: '5000万元人民币',
      });
      await rebuildPlacements(db());
    }, 60_000);
    afterAll(() => t.close());

    it('places each fixed project where SQL finds its sub-industry, tag or tokens on the node', async () => {
      const generation = (await currentGeneration(db()))!;
      const rows = await placementsOf(db(), generation, Object.values(ids));
      const on = (key: string, chain: string) =>
        rows.find(
          (r) =>
            Number(r.entity_id) === ids[key] && r.chain_id === chain && r.node_id.split('/').length === 2,
        );
      expect(on('battery', 'nev')?.node_id).toBe('nev/battery');
      expect(on('cathode', 'nev')?.node_id).toBe('nev/cathode');
      expect(on('cathode', 'new-materials')?.node_id).toBe('new-materials/battery');
      expect(on('fibre', 'nev')).toBeUndefined();
      expect(on('plain', 'nev')?.node_id).toBe('nev/charging');

      for (const row of rows) {
        const id = Number(row.entity_id);
        for (const m of row.matched) {
          const value = m.slice(m.indexOf(':') + 1);
          let check: { ok: boolean }[] = [];
          if (m.startsWith('sub:')) {
            check = await selectRows(
              db(),
              sql`select exists (select 1 from chain_nodes n join projects p on p.id = ${id}
                  where n.id = ${row.node_id} and n.sub_industries && p.industries and ${value} = any(p.industries)) as ok`,
            );
          } else if (m.startsWith('tag:')) {
            check = await selectRows(
              db(),
              sql`select exists (select 1 from projects p, unnest(p.tags) tag
                  where p.id = ${id} and lower(tag) like '%' || ${value} || '%') as ok`,
            );
          } else if (m.startsWith('text:')) {
            // Every jieba token of the keyword is among the row's search tokens.
            const { tokenize } = await import('../../src/lib/text.js');
            const query = tokenize(value).join(' & ');
            check = await selectRows(
              db(),
              sql`select (search_vector @@ to_tsquery('simple', ${query})) as ok from projects where id = ${id}`,
            );
          }
          expect(check[0]?.ok, `${row.node_id} ${m}`).toBe(true);
        }
        expect(row.confidence).toBeGreaterThan(0);
        expect(row.confidence).toBeLessThanOrEqual(1);
      }
      const plain = on('plain', 'nev')!;
      expect(plain.confidence).toBeLessThan(on('battery', 'nev')!.confidence);
    });

    it('writes identical placements on a forced second build, and skips a build when nothing changed', async () => {
      const before = await currentGeneration(db());
      const first = await placementsOf(db(), before!, Object.values(ids));
      expect(await rebuildPlacements(db())).toBeNull();
      const again = await rebuildPlacements(db(), { force: true });
      expect(again!.generation).toBeGreaterThan(before!);
      expect(await placementsOf(db(), again!.generation, Object.values(ids))).toEqual(first);
      const [old] = await selectRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from chain_placements where generation < ${again!.generation}`,
      );
      expect(old!.n).toBe(0);
    });

    it('rebuilds through the job when the library announces a change', async () => {
      const before = (await currentGeneration(db()))!;
      const added = await insertFixed(db(), [
        {
          key: 'charger',
          industries: ['nev', 'nev.charging'],
          tags: ['液冷超充桩', '充换电'],
          description: '液冷超充。',
        },
      ]);
      await notifyLibraryChanged(t.platform.bus);
      let generation = before;
      for (let i = 0; i < 100 && generation === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        generation = (await currentGeneration(db()))!;
      }
      expect(generation).toBeGreaterThan(before);
      const rows = await placementsOf(db(), generation, [added.charger!]);
      expect(rows.map((r) => r.node_id)).toEqual(
        expect.arrayContaining(['nev/charging', 'nev/charging/supercharge']),
      );
    });

    it('tells other modules where a project sits, its own industry first, with its peers', async () => {
      const place = await getProjectChainPlace(db(), ids.cathode!);
      expect(place[0]).toMatchObject({
        chainId: 'new-materials',
        nodeId: 'new-materials/battery',
        childId: 'new-materials/battery/cathode',
      });
      expect(place.map((p) => p.nodeId)).toContain('nev/cathode');
      expect(place[0]!.peers).toBeGreaterThanOrEqual(1);
      expect(await getProjectChainPlace(db(), 999_999)).toEqual([]);
    });

    it('edits a chain from the admin CLI as new versions, refuses a bad edit, rolls back, exports and imports', async () => {
      const run = (...args: string[]) => runAdminCommand(db(), t.platform.bus, ['chain', ...args]);
      expect(await run('show', '新能源汽车')).toContain('nev/battery 动力电池');
      expect(await run('set-keywords', 'nev/battery', '动力电池,电芯,电池包')).toContain('第 2 版');
      const [node] = await selectRows<{ keywords: string[] }>(
        db(),
        sql`select keywords from chain_nodes where id = 'nev/battery'`,
      );
      expect(node!.keywords).toEqual(['动力电池', '电芯', '电池包']);
      await expect(run('set-subs', 'nev/battery', 'no.such')).rejects.toThrow(/细分行业不存在：no.such/);
      await expect(run('rename', 'nev/nothing', '新名')).rejects.toBeInstanceOf(AdminError);
      expect(await run('rollback', 'nev', '1')).toContain('第 3 版');
      const history = await run('history', 'nev');
      expect(history.split('\n')).toHaveLength(3);

      const dir = await mkdtemp(path.join(tmpdir(), 'jq-chain-'));
      const file = path.join(dir, 'nev.json');
      try {
        await run('export', 'nev', file);
        const def = JSON.parse(await readFile(file, 'utf8'));
        def.segments[2].nodes.push({ key: 'export', name: '整车出口', subs: [], keywords: ['汽车出口'] });
        await writeFile(file, JSON.stringify(def));
        expect(await run('import', file, '新增出口环节')).toContain('第 4 版');
        expect(await run('show', 'nev')).toContain('nev/export 整车出口');
        await writeFile(file, '{"industryId": "nev"');
        await expect(run('import', file)).rejects.toThrow(/读不出 JSON/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      // A seed that changed in code does not overwrite an administrator's edit.
      const seeded = await syncChainSeeds(db(), [
        { ...JSON.parse(await run('export', 'nev')), summary: '新的说明' },
      ]);
      expect(seeded.keptEdited).toEqual(['nev']);
      expect(await run('reset', 'nev')).toContain('初始数据');
    });
  });
}
