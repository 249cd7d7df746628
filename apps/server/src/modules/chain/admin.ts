/**
 * `npm run admin -- chain …`: reading and editing the chains until an admin console exists.
 * Every edit is checked like an import and saved as the chain's next version; the running
 * servers hear of it on the bus (`chain.changed`) and rebuild the placements.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { BusPort } from '../../platform/bus/index.js';
import type { Db } from '../../platform/database/index.js';
import { CHAIN_SEEDS, type ChainDef, SEGMENT_NAMES, SEGMENTS, type SegmentKey } from './data/index.js';
import { ChainDefError, parseChainDef } from './definition.js';
import { rebuildPlacements } from './placement/rebuild.js';
import {
  getChainVersion,
  listChainVersions,
  loadCatalogue,
  saveChainVersion,
  syncChainSeeds,
} from './store.js';
import { findIndustry, topIndustryId } from './taxonomy.js';

export const CHAIN_CHANGED_CHANNEL = 'chain.changed';

export const CHAIN_USAGE = `产业链命令：npm run admin -- chain <子命令>
  list                               全部产业链：当前版本、环节数
  show <行业>                        各段环节、细分行业与关键词
  history <行业>                     版本历史
  export <行业> [文件]               当前版本导出为 JSON（不给文件则打印）
  import <文件> [说明]               从 JSON 导入为新版本（先校验）
  rename <环节编号> <新名称>         例：rename nev/battery 动力电池系统
  set-keywords <环节编号> <词,词>    替换环节关键词
  set-subs <环节编号> <细分行业,…>   替换环节对应的细分行业（编号，如 nev.battery）
  add-node <行业> <up|mid|down> <键> <名称> [细分行业,…] [关键词,…]
  remove-node <环节编号>
  rollback <行业> <版本>             以某个历史版本的内容生成新版本
  reset <行业>                       恢复为代码中的初始数据（新版本）
  rebuild                            立即重建企业与机构在产业链上的位置
行业可写编号（nev）或名称（新能源汽车）。`;

export class ChainAdminError extends Error {
  override name = 'ChainAdminError';
}

const list = (text: string | undefined) =>
  (text ?? '')
    .split(/[,，、]/)
    .map((s) => s.trim())
    .filter(Boolean);

function chainIdOf(text: string | undefined): string {
  if (!text) throw new ChainAdminError(CHAIN_USAGE);
  const id = topIndustryId(findIndustry(text) ?? text);
  if (!id) throw new ChainAdminError(`找不到行业：${text}`);
  return id;
}

function describe(def: ChainDef, version: number): string {
  const lines = [`${def.name}（${def.industryId}，第 ${version} 版）`, def.summary];
  for (const segment of def.segments) {
    lines.push(`${SEGMENT_NAMES[segment.key]}：${segment.title}`);
    for (const n of segment.nodes) {
      const flags = n.sparse ? '（预期暂无企业）' : '';
      lines.push(`  ${def.industryId}/${n.key} ${n.name}${flags}`);
      if (n.subs.length) lines.push(`    细分行业：${n.subs.join('、')}`);
      if (n.keywords.length) lines.push(`    关键词：${n.keywords.join('、')}`);
      if (n.feeds.length) lines.push(`    供给：${n.feeds.join('、')}`);
      for (const c of n.children) lines.push(`    细分环节 ${c.key} ${c.name}：${c.keywords.join('、')}`);
    }
  }
  return lines.join('\n');
}

export async function runChainAdminCommand(db: Db, bus: BusPort, args: string[]): Promise<string> {
  const [command, a, b, ...rest] = args;
  // The seed is written at server start; a fresh database gets it here too.
  await syncChainSeeds(db);
  const catalogue = await loadCatalogue(db);
  const current = (id: string) => {
    const def = catalogue.byId.get(id);
    if (!def) throw new ChainAdminError(`还没有这条产业链：${id}（启动一次服务以写入初始数据）`);
    return structuredClone(def);
  };
  const nodeOf = (def: ChainDef, ref: string | undefined) => {
    const key = ref?.split('/')[1];
    for (const segment of def.segments) {
      const node = segment.nodes.find((n) => n.key === key);
      if (node) return { segment, node };
    }
    throw new ChainAdminError(`找不到环节：${ref}`);
  };
  const save = async (def: ChainDef, note: string) => {
    let checked: ChainDef;
    try {
      checked = parseChainDef(def);
    } catch (error) {
      if (error instanceof ChainDefError) throw new ChainAdminError(`未保存，定义有问题：\n${error.message}`);
      throw error;
    }
    const version = await saveChainVersion(db, checked, 'admin', note);
    await bus.publish(CHAIN_CHANGED_CHANNEL, { chainId: checked.industryId, version });
    return `已保存为 ${checked.name} 第 ${version} 版。运行中的服务会自动重建企业位置（也可运行 chain rebuild）。`;
  };

  switch (command) {
    case 'list':
      return catalogue.chains
        .map((c) => {
          const nodes = c.segments.reduce((sum, s) => sum + s.nodes.length, 0);
          return `${c.industryId.padEnd(24)} ${c.name}  第 ${catalogue.versions.get(c.industryId)} 版，${nodes} 个环节`;
        })
        .join('\n');
    case 'show': {
      const id = chainIdOf(a);
      return describe(current(id), catalogue.versions.get(id) ?? 1);
    }
    case 'history': {
      const versions = await listChainVersions(db, chainIdOf(a));
      return versions
        .map(
          (v) =>
            `第 ${v.version} 版  ${v.createdAt}  ${v.source === 'seed' ? '初始数据' : '管理员'}  ${v.note}`,
        )
        .join('\n');
    }
    case 'export': {
      const json = JSON.stringify(current(chainIdOf(a)), null, 2);
      if (!b) return json;
      await writeFile(b, `${json}\n`);
      return `已导出到 ${b}`;
    }
    case 'import': {
      if (!a) throw new ChainAdminError(CHAIN_USAGE);
      let value: unknown;
      try {
        value = JSON.parse(await readFile(a, 'utf8'));
      } catch (error) {
        throw new ChainAdminError(`读不出 JSON 文件 ${a}：${error instanceof Error ? error.message : error}`);
      }
      return save(value as ChainDef, [b, ...rest].filter(Boolean).join(' ') || `导入 ${a}`);
    }
    case 'rename': {
      const def = current(chainIdOf(a?.split('/')[0]));
      const { node } = nodeOf(def, a);
      const name = [b, ...rest].join(' ').trim();
      if (!name) throw new ChainAdminError('请给出新名称');
      const old = node.name;
      node.name = name;
      return save(def, `环节「${old}」改名为「${name}」`);
    }
    case 'set-keywords':
    case 'set-subs': {
      const def = current(chainIdOf(a?.split('/')[0]));
      const { node } = nodeOf(def, a);
      const values = list(b);
      if (command === 'set-keywords') node.keywords = values;
      else node.subs = values;
      return save(
        def,
        `环节「${node.name}」的${command === 'set-keywords' ? '关键词' : '细分行业'}改为 ${values.join('、')}`,
      );
    }
    case 'add-node': {
      const def = current(chainIdOf(a));
      const segmentKey = b as SegmentKey;
      if (!SEGMENTS.includes(segmentKey)) throw new ChainAdminError('段只能是 up、mid 或 down');
      const [key, name, subs, keywords] = rest;
      if (!key || !name) throw new ChainAdminError(CHAIN_USAGE);
      def.segments
        .find((s) => s.key === segmentKey)!
        .nodes.push({
          key,
          name,
          description: '',
          subs: list(subs),
          keywords: list(keywords),
          feeds: [],
          children: [],
          sparse: !list(subs).length && !list(keywords).length,
        });
      return save(def, `新增环节「${name}」`);
    }
    case 'remove-node': {
      const def = current(chainIdOf(a?.split('/')[0]));
      const { segment, node } = nodeOf(def, a);
      segment.nodes = segment.nodes.filter((n) => n !== node);
      for (const s of def.segments) for (const n of s.nodes) n.feeds = n.feeds.filter((k) => k !== node.key);
      return save(def, `删除环节「${node.name}」`);
    }
    case 'rollback': {
      const id = chainIdOf(a);
      const def = await getChainVersion(db, id, Number(b));
      if (!def) throw new ChainAdminError(`没有第 ${b} 版`);
      return save(def, `恢复为第 ${b} 版的内容`);
    }
    case 'reset': {
      const id = chainIdOf(a);
      const seed = CHAIN_SEEDS.find((c) => c.industryId === id);
      if (!seed) throw new ChainAdminError(`代码中没有 ${id} 的初始数据`);
      const version = await saveChainVersion(db, seed, 'seed', '恢复为初始数据');
      await bus.publish(CHAIN_CHANGED_CHANNEL, { chainId: id, version });
      return `已恢复 ${seed.name} 为初始数据（第 ${version} 版）。`;
    }
    case 'rebuild': {
      const result = await rebuildPlacements(db, { force: true });
      return result
        ? `已重建：${result.projects} 个项目、${result.institutions} 家机构，共 ${result.placements} 条位置，用时 ${result.ms} 毫秒。`
        : '无需重建。';
    }
    default:
      throw new ChainAdminError(command ? `未知的产业链命令：${command}\n${CHAIN_USAGE}` : CHAIN_USAGE);
  }
}
