/**
 * The chain rows over HTTP on both database engines, against a small demo library: the map,
 * a node's companies and investment activity checked against SQL, the deep-chain menu, and
 * bad input (unknown keyword, unknown node, empty node, malformed ids).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentGeneration } from '../../src/modules/chain/index.js';
import { selectRows } from '../../src/platform/database/index.js';
import { DB_ENGINES } from '../helpers/app.js';
import { useChainApp } from './chain-app.js';
import { card } from './stream.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`chain rows on ${engine}`, () => {
    const t = useChainApp(engine);

    /** A node with companies, and the SQL truth about it. */
    async function busiestNode() {
      const generation = (await currentGeneration(t.db()))!;
      const [row] = await selectRows<{ node_id: string; n: number }>(
        t.db(),
        sql`select node_id, count(*)::int as n from chain_placements
            where generation = ${generation} and entity_type = 'project' and node_id like 'nev/%' and node_id not like '%/%/%'
            group by node_id order by n desc, node_id limit 1`,
      );
      return { generation, nodeId: row!.node_id, count: row!.n };
    }

    it('streams the map of an industry named by a synonym: start, graph, stats, done', async () => {
      const events = await t.stream('/chain/generateChainStream', { keyword: '电动车' });
      expect(events[0]).toMatchObject({
        type: 'status',
        status: 'start',
        chain: { id: 'nev', name: '新能源汽车产业链' },
      });
      const graph = card(events, 'graph')!;
      expect(graph.segments.map((s: { name: string }) => s.name)).toEqual(['上游', '中游', '下游']);
      expect(graph.edges.length).toBeGreaterThan(5);
      const stats = card(events, 'stats')!;
      const { nodeId, count } = await busiestNode();
      expect(stats.nodes[nodeId].companies).toBe(count);
      expect(
        Math.max(...Object.values(stats.nodes as Record<string, { heat: number }>).map((s) => s.heat)),
      ).toBe(1);
      expect(events.at(-1)).toMatchObject({ status: 'done', isend: true });
    });

    it('highlights the node a keyword names', async () => {
      const events = await t.stream('/chain/generateChainStream', { keyword: '充电桩' });
      expect(events[0]).toMatchObject({ chain: { id: 'nev' }, focus: 'nev/charging' });
    });

    it('answers an unknown keyword with the nearest chains instead of an empty map', async () => {
      const events = await t.stream('/chain/generateChainStream', { keyword: '光伏组件回收利用' });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'status', status: 'notfound', isend: true });
      expect(events[0]!.msg).toContain('光伏组件回收利用');
      const ids = (events[0]!.suggestions as { id: string }[]).map((s) => s.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toContain('photovoltaic');
    });

    it('refuses a missing keyword and malformed ids with 400 and the field named', async () => {
      const empty = await t.post('/chain/generateChainStream', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('请输入行业或关键词');
      const bad = await t.post('/chain/generateCompanyData', { id: 'NEV/<script>' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toContain('产业链环节编号');
      const long = await t.post('/chain/generateChainStream', { keyword: '长'.repeat(41) });
      expect(long.statusCode).toBe(400);
      const years = await t.post('/chain/generateInvestment', { id: 'nev', years: 99 });
      expect(years.statusCode).toBe(400);
    });

    it('answers an unknown node id with -404 on every node row', async () => {
      for (const url of [
        '/chain/generateCompanyData',
        '/chain/generateInvestment',
        '/chain/generateAnalyse',
      ]) {
        const res = await t.post(url, { id: 'nev/no-such-node' });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: -404, msg: '产业链环节不存在' });
      }
      const menu = await t.post('/chain/getDeepChainMenu', { id: 'nochain' });
      expect(menu.json().code).toBe(-404);
    });

    it("pages a node's companies newest round first, each with its latest round and investors as in SQL", async () => {
      const { generation, nodeId, count } = await busiestNode();
      const first = await t.stream('/chain/generateCompanyData', { id: nodeId, pageSize: 3 });
      expect(first[0]).toMatchObject({ status: 'start', total: count, node: { id: nodeId } });
      const page1 = card(first, 'companies')!.list as {
        id: number;
        latestRound: { id: number; date: string; investors: { id: number }[] } | null;
      }[];
      const second = card(
        await t.stream('/chain/generateCompanyData', { id: nodeId, pageSize: 3, page: 2 }),
        'companies',
      )!.list as { id: number }[];
      const expected = await selectRows<{ id: number | string }>(
        t.db(),
        sql`select entity_id as id from chain_placements where generation = ${generation} and entity_type = 'project'
            and node_id = ${nodeId} order by latest_round_at desc nulls last, entity_id desc limit 6`,
      );
      expect([...page1, ...second].map((c) => c.id)).toEqual(expected.map((r) => Number(r.id)));
      for (const company of page1) {
        const [latest] = await selectRows<{ id: number | string; date: string }>(
          t.db(),
          sql`select id, date::text as date from rounds where project_id = ${company.id} order by date desc, id desc limit 1`,
        );
        if (!latest) {
          expect(company.latestRound).toBeNull();
          continue;
        }
        expect(company.latestRound).toMatchObject({ id: Number(latest.id), date: latest.date });
        const investors = await selectRows<{ institution_id: number | string }>(
          t.db(),
          sql`select institution_id from round_investors where round_id = ${Number(latest.id)} and institution_id is not null`,
        );
        expect(company.latestRound!.investors.map((i) => i.id).sort()).toEqual(
          investors.map((i) => Number(i.institution_id)).sort(),
        );
      }
      expect(card(first, 'institutions')).toBeTruthy();
    });

    it('sorts a node by total raised and by confidence as SQL over the projects does', async () => {
      const { generation, nodeId } = await busiestNode();
      for (const [sort, order] of [
        ['raised', sql`p.total_raised desc nulls last, pl.entity_id desc`],
        ['confidence', sql`pl.confidence desc, pl.latest_round_at desc nulls last, pl.entity_id desc`],
      ] as const) {
        const page2 = card(
          await t.stream('/chain/generateCompanyData', { id: nodeId, pageSize: 4, page: 2, sort }),
          'companies',
        )!.list as { id: number; totalRaised: number | null }[];
        const expected = await selectRows<{ id: number | string }>(
          t.db(),
          sql`select p.id from chain_placements pl join projects p on p.id = pl.entity_id
              where pl.generation = ${generation} and pl.entity_type = 'project' and pl.node_id = ${nodeId}
              order by ${order} limit 4 offset 4`,
        );
        expect(
          page2.map((c) => c.id),
          sort,
        ).toEqual(expected.map((r) => Number(r.id)));
      }
    });

    it('places institutions by their deals of the last five years on each node, as a join of placements, rounds and investors counts them', async () => {
      const generation = (await currentGeneration(t.db()))!;
      const truth = await selectRows<{ institution_id: number | string; node_id: string; deals: number }>(
        t.db(),
        sql`select ri.institution_id, pl.node_id, count(distinct r.id)::int as deals
            from chain_placements pl
            join rounds r on r.project_id = pl.entity_id
            join round_investors ri on ri.round_id = r.id
            where pl.generation = ${generation} and pl.entity_type = 'project'
              and pl.node_id not like '%/%/%' and ri.institution_id is not null
              and r.date >= current_date - interval '5 years'
            group by 1, 2 order by 1, 2`,
      );
      const placed = await selectRows<{ entity_id: number | string; node_id: string; matched: string[] }>(
        t.db(),
        sql`select entity_id, node_id, matched from chain_placements
            where generation = ${generation} and entity_type = 'institution' order by entity_id, node_id`,
      );
      const deals = placed.flatMap((r) => {
        const d = r.matched.find((m) => m.startsWith('deals:'));
        return d ? [`${Number(r.entity_id)} ${r.node_id} ${d.slice(6)}`] : [];
      });
      expect(truth.length).toBeGreaterThan(20);
      expect(deals.sort()).toEqual(
        truth.map((r) => `${Number(r.institution_id)} ${r.node_id} ${r.deals}`).sort(),
      );
    });

    it('says an empty node is empty instead of drawing nothing', async () => {
      const events = await t.stream('/chain/generateCompanyData', { id: 'nev/lithium' });
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'empty', isend: true });
      expect(events.at(-1)!.msg).toMatch(/暂未收录/);
      expect(card(events, 'companies')).toBeUndefined();
    });

    it("shapes a node's investment for charts: quarters, deals and amounts that add up to SQL", async () => {
      const { generation, nodeId } = await busiestNode();
      const events = await t.stream('/chain/generateInvestment', { id: nodeId, years: 3 });
      const summary = card(events, 'summary')!;
      const timeline = card(events, 'timeline')!;
      expect(timeline.periods).toHaveLength(timeline.deals.length);
      expect(timeline.periods.length).toBeGreaterThanOrEqual(12);
      expect(timeline.periods.at(-1)).toMatch(/^\d{4}Q[1-4]$/);
      const [truth] = await selectRows<{ deals: number; amount: string | number }>(
        t.db(),
        sql`select count(*)::int as deals, coalesce(sum(r.amount), 0) as amount
            from chain_placements pl join rounds r on r.project_id = pl.entity_id
            where pl.generation = ${generation} and pl.entity_type = 'project' and pl.node_id = ${nodeId}
              and r.date >= ${summary.since}::date and r.date <= current_date`,
      );
      expect(summary.deals).toBe(truth!.deals);
      expect(summary.amount).toBe(Number(truth!.amount));
      expect((timeline.deals as number[]).reduce((a, b) => a + b, 0)).toBe(truth!.deals);
      const stages = card(events, 'stages')!.list as { deals: number }[];
      expect(stages.reduce((a, s) => a + s.deals, 0)).toBe(truth!.deals);
      expect(card(events, 'investors')!.list.length).toBeGreaterThan(0);
    });

    it('gives the deep-chain menu of a node: suppliers, customers, finer nodes and product lines', async () => {
      const res = await t.post('/chain/getDeepChainMenu', { id: 'nev/battery' });
      expect(res.statusCode).toBe(200);
      const menu = res.json().data;
      expect(menu.node).toMatchObject({ id: 'nev/battery', name: '动力电池', segment: 'mid' });
      expect(menu.breadcrumbs.map((b: { id: string }) => b.id)).toEqual(['nev', 'nev/battery']);
      expect(menu.upstream.map((n: { id: string }) => n.id)).toContain('nev/cathode');
      expect(menu.downstream.map((n: { id: string }) => n.id)).toEqual(['nev/vehicle', 'nev/recycling']);
      expect(menu.children.map((n: { id: string }) => n.id)).toEqual([
        'nev/battery/lfp',
        'nev/battery/solid',
        'nev/battery/cylinder',
      ]);
      const child = (await t.post('/chain/getDeepChainMenu', { id: 'nev/battery/solid' })).json().data;
      expect(child.node).toMatchObject({ parentId: 'nev/battery', name: '固态与半固态电池' });
      expect(child.breadcrumbs).toHaveLength(3);
      const whole = (await t.post('/chain/getDeepChainMenu', { id: 'nev' })).json().data;
      expect(whole.node).toBeNull();
      expect(whole.segments).toHaveLength(3);
    });
  });
}
