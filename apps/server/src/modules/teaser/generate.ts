/**
 * aiGenerateTeaser: the one-page teaser streamed section by section and saved to the
 * owner's teaser. Local engine: composed from the fields and the plan's text (compose.ts),
 * the first event at once. OpenAI-compatible engine: the same facts and plan passages as
 * sources, answered under `## 公司简介`-style headings; sentences stating a number the
 * sources do not hold are dropped before saving (the status event says how many).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { stageLabel, TEASER_SECTION_LABELS, TEASER_SECTIONS, type TeaserSection } from '@jq/contract';
import { and, eq, sql } from 'drizzle-orm';
import { teasers } from '../../db/schema.js';
import type { StreamWriter } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import type { LlmPort, LlmSource } from '../../platform/llm/index.js';
import { industryName, regionName } from '../reference/index.js';
import { composeSections, keepSupported, sentencesOf, sourcesText } from './compose.js';
import type { TeaserRow } from './rows.js';

const PIECE_CHARS = 24;

const SYSTEM = `你是一名投融资顾问，为创业公司撰写一页纸的项目 Teaser，给投资人快速阅读。
要求：
- 依次输出七个部分，每部分以二级标题开头：${TEASER_SECTIONS.map((k) => `## ${TEASER_SECTION_LABELS[k]}`).join('、')}。
- 只使用资料中的事实；资料中没有的数字一律不写，不估算、不编造。资料不足的部分写“资料中暂无相关信息”。
- 匿名撰写：不写公司名称、品牌名称与人名，用“该公司”“创始人”等代称。
- 每部分 2 到 4 句，亮点用“- ”开头的要点。中文输出。`;

export function sourcesFor(row: TeaserRow): LlmSource[] {
  const facts = [
    `行业：${row.industries.map(industryName).join('、') || '未填写'}`,
    `轮次：${stageLabel(row.stage)}`,
    row.amount !== null ? `计划融资：${row.amount} 万元` : '计划融资：未填写',
    row.regionCode ? `地区：${regionName(row.regionCode)}` : '',
    row.foundedYear ? `成立年份：${row.foundedYear}` : '',
    row.tags.length ? `标签：${row.tags.join('、')}` : '',
    ...Object.entries(row.facts)
      .filter(([key, value]) => value && key !== 'brand')
      .map(([key, value]) => `${FACT_LABELS[key] ?? key}：${value}`),
  ].filter(Boolean);
  const sources: LlmSource[] = [{ id: 1, title: '结构化信息', text: facts.join('\n') }];
  let chunk = '';
  for (const sentence of sentencesOf(row.sourceText)) {
    if (chunk.length + sentence.length > 800) {
      sources.push({ id: sources.length + 1, title: '商业计划书节选', text: chunk });
      chunk = '';
      if (sources.length >= 9) break;
    }
    chunk += sentence;
  }
  if (chunk && sources.length < 9)
    sources.push({ id: sources.length + 1, title: '商业计划书节选', text: chunk });
  return sources;
}

const FACT_LABELS: Record<string, string> = {
  description: '公司介绍',
  products: '产品与技术',
  team: '团队',
  metrics: '业务数据',
  useOfFunds: '资金用途',
  raised: '历史融资',
};

const LABEL_TO_KEY = new Map<string, TeaserSection>(
  TEASER_SECTIONS.map((key) => [TEASER_SECTION_LABELS[key], key]),
);

/** Splits an answer written under `## 标题` headings into sections. */
export function splitSections(answer: string): Partial<Record<TeaserSection, string>> {
  const out: Partial<Record<TeaserSection, string>> = {};
  let current: TeaserSection | null = null;
  for (const line of answer.split('\n')) {
    const heading = line.match(/^#{1,4}\s*(.+?)\s*$/);
    const key = heading ? LABEL_TO_KEY.get(heading[1]!.replace(/[：:]$/, '')) : undefined;
    if (key) {
      current = key;
      out[key] = '';
    } else if (current) out[current] = `${out[current]}${line}\n`;
  }
  for (const key of Object.keys(out) as TeaserSection[]) out[key] = out[key]!.trim();
  return out;
}

async function save(
  db: Db,
  row: TeaserRow,
  sections: Partial<Record<TeaserSection, string>>,
  engine: string,
) {
  const [updated] = await db
    .update(teasers)
    .set({ sections: { ...row.sections, ...sections }, engine, updatedAt: sql`now()` })
    .where(and(eq(teasers.id, row.id), eq(teasers.ownerId, row.ownerId)))
    .returning();
  return updated!;
}

export async function streamGenerate(
  deps: { db: Db; llm: LlmPort },
  row: TeaserRow,
  only: TeaserSection[] | undefined,
  stream: StreamWriter,
): Promise<TeaserRow | null> {
  const keys = only?.length ? TEASER_SECTIONS.filter((k) => only.includes(k)) : [...TEASER_SECTIONS];
  const engine = deps.llm.engine;
  stream.send({ type: 'status', status: 'start', engine, sections: keys, isend: false });
  if (engine === 'local') {
    const composed = composeSections(row, keys);
    const written: Partial<Record<TeaserSection, string>> = {};
    for (const key of keys) {
      if (stream.signal.aborted) return null;
      stream.send({
        type: 'status',
        status: 'section',
        section: key,
        label: TEASER_SECTION_LABELS[key],
        isend: false,
      });
      const chars = Array.from(composed[key]);
      for (let i = 0; i < chars.length; i += PIECE_CHARS) {
        stream.send({
          type: 'delta',
          section: key,
          content: chars.slice(i, i + PIECE_CHARS).join(''),
          isend: false,
        });
      }
      written[key] = composed[key];
      await yieldToLoop();
    }
    return save(deps.db, row, written, 'local');
  }
  let answer = '';
  let current: TeaserSection | null = null;
  let pending = '';
  const flushLine = (line: string, final: boolean) => {
    const heading = line.match(/^#{1,4}\s*(.+?)\s*$/);
    const key = heading ? LABEL_TO_KEY.get(heading[1]!.replace(/[：:]$/, '')) : undefined;
    if (key) {
      current = key;
      stream.send({
        type: 'status',
        status: 'section',
        section: key,
        label: TEASER_SECTION_LABELS[key],
        isend: false,
      });
    } else if (current && (line || !final)) {
      stream.send({ type: 'delta', section: current, content: final ? line : `${line}\n`, isend: false });
    }
  };
  for await (const event of deps.llm.generate({
    system: SYSTEM,
    messages: [
      {
        role: 'user',
        content: `请撰写 Teaser 的这些部分：${keys.map((k) => TEASER_SECTION_LABELS[k]).join('、')}。`,
      },
    ],
    sources: sourcesFor(row),
    signal: stream.signal,
    userId: row.ownerId,
    purpose: 'teaser',
    temperature: 0.3,
  })) {
    if (event.type !== 'delta') continue;
    answer += event.content;
    pending += event.content;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) flushLine(line, false);
  }
  if (stream.signal.aborted) return null;
  if (pending) flushLine(pending, true);
  const parsed = splitSections(answer);
  const sources = sourcesText(row);
  const sections: Partial<Record<TeaserSection, string>> = {};
  let dropped = 0;
  for (const key of keys) {
    const text = parsed[key] ?? '';
    const kept = keepSupported(text, sources);
    if (kept !== text) dropped++;
    if (kept) sections[key] = kept;
  }
  if (dropped)
    stream.send({
      type: 'status',
      status: 'checked',
      message: `有 ${dropped} 个部分含资料中没有的数字，这些句子未保存`,
      isend: false,
    });
  return save(deps.db, row, sections, 'openai');
}
