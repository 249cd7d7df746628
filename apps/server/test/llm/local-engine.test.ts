import { describe, expect, it } from 'vitest';
import { createLlm, type LlmSource } from '../../src/platform/llm/index.js';
import { drain, llmConfig, textOf } from './helpers.js';

const llm = createLlm({ config: llmConfig() });

const sources: LlmSource[] = [
  {
    id: 3,
    title: '2025 年中国储能行业研究报告',
    text:
      '2024 年中国新型储能累计装机规模达到 7376 万千瓦。预计到 2030 年，储能行业市场规模将超过 3000 亿元，年均增速约 25% [9]。' +
      '主要参与者包括宁德时代、比亚迪等电池企业。',
  },
  {
    id: 7,
    title: '新能源汽车产业链周报',
    text: '本周新能源汽车销量环比增长 12%。动力电池价格继续下行，储能电芯报价降至 0.3 元/Wh。\n充电桩建设加速。',
  },
  { id: 8, title: '半导体设备月报', text: '光刻机国产化率仍低于 5%。刻蚀设备订单饱满。' },
];

const ask = (question: string, given: LlmSource[] = sources) =>
  drain(
    llm.generate({
      system: '你是行业研究员。',
      messages: [{ role: 'user', content: question }],
      sources: given,
    }),
  );

const citations = (text: string) => [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

describe('local engine', () => {
  it('is chosen when LLM_* are not set', () => {
    expect(llm.engine).toBe('local');
    expect(llm.model).toBe('local-extractive');
  });

  it('says it is the local engine and answers with cited sentences from the given sources only', async () => {
    const { events, error } = await ask('储能行业的市场规模有多大？');
    expect(error).toBeUndefined();
    const text = textOf(events);
    expect(text.split('\n')[0]).toContain('本地引擎');
    expect(text).toContain('储能行业市场规模将超过 3000 亿元');
    const cited = citations(text);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((n) => n === 3 || n === 7)).toBe(true);
    // The source's own footnote [9] is not passed off as a citation.
    expect(cited).not.toContain(9);
    // Every answer line is a sentence that appears in the source it cites.
    for (const line of text.split('\n').filter((l) => l.startsWith('- '))) {
      const match = /^- (.+?)\[(\d+)\]$/.exec(line);
      expect(match, line).not.toBeNull();
      const source = sources.find((s) => s.id === Number(match![2]))!;
      const plain = source.text.replace(/\s*\[\d+\]/g, '').replace(/\s+/g, ' ');
      expect(plain).toContain(match![1]!.replace(/…$/, ''));
    }
    expect(text).toContain('来源：[3] 2025 年中国储能行业研究报告');
    expect(text).not.toContain('半导体');
  });

  it('streams in small deltas and ends with estimated usage and done', async () => {
    const { events } = await ask('动力电池价格');
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.every((e) => e.type === 'delta' && [...e.content].length <= 8)).toBe(true);
    expect(events.at(-2)).toMatchObject({ type: 'usage', estimated: true });
    const usage = events.at(-2) as { promptTokens: number; completionTokens: number };
    expect(usage.completionTokens).toBe(Math.ceil(textOf(events).length / 1.5));
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('says it has no material when there are no sources, and cites nothing', async () => {
    const text = textOf((await ask('帮我找新能源汽车领域的 A 轮项目', [])).events);
    expect(text).toContain('本地引擎');
    expect(text).toContain('没有可供回答的资料');
    expect(citations(text)).toEqual([]);
  });

  it('gives the sources’ lead sentences, cited, when nothing matches the question', async () => {
    const text = textOf((await ask('今天天气怎么样')).events);
    expect(text.split('\n')[0]).toContain('没有找到与问题直接相关的内容');
    expect(new Set(citations(text))).toEqual(new Set([3, 7, 8]));
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const event of llm.generate({
      system: '',
      messages: [{ role: 'user', content: '储能' }],
      sources,
      signal: controller.signal,
    })) {
      if (event.type === 'delta') seen.push(event.content);
      controller.abort();
    }
    expect(seen).toHaveLength(1);
  });
});
