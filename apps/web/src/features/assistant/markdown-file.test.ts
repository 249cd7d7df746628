import type { Quote } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { documentTitle, markdownFileName, withoutSources, withSources } from './markdown-file';

const quote: Quote = { n: 1, pid: 9, title: '储能白皮书', pages: [3, 4], text: '规模保持快速增长' };

describe('documentTitle', () => {
  it('reads the first level-one heading without markdown escapes', () => {
    expect(documentTitle('前言\n# 星\\_辰 商业计划书（草稿）\n## 一、概述', '草稿')).toBe(
      '星_辰 商业计划书（草稿）',
    );
  });

  it('falls back when there is no heading', () => {
    expect(documentTitle('## 只有二级标题', '商业计划书草稿')).toBe('商业计划书草稿');
  });
});

describe('markdownFileName', () => {
  it('replaces characters file systems refuse and spaces', () => {
    expect(markdownFileName('A/B: 储能 报告?')).toBe('A_B_储能_报告.md');
  });

  it('keeps at most 60 characters and never an empty name', () => {
    expect(markdownFileName('长'.repeat(80))).toBe(`${'长'.repeat(60)}.md`);
    expect(markdownFileName('///')).toBe('document.md');
  });
});

describe('withSources', () => {
  it('appends the sources with pages and the verbatim passage when the text only has [n]', () => {
    expect(withSources('规模增长[1]', [quote])).toBe(
      '规模增长[1]\n\n## 参考来源\n\n1. 《储能白皮书》第 3–4 页：“规模保持快速增长”\n',
    );
  });

  it('leaves a text that already lists its sources, or has none, as it is', () => {
    const listed = '规模增长[1]\n\n## 参考来源\n\n1. 《储能白皮书》第 3 页';
    expect(withSources(listed, [quote])).toBe(listed);
    expect(withSources('没有引用', [])).toBe('没有引用');
  });
});

describe('withoutSources', () => {
  it('drops a trailing sources section only', () => {
    const text = '# 报告\n\n## 问题\n\n回答[1]\n\n## 参考来源\n\n1. 《储能白皮书》第 3 页';
    expect(withoutSources(text)).toBe('# 报告\n\n## 问题\n\n回答[1]');
    const middle = '# 报告\n\n## 参考来源\n\n1. x\n\n## 后记\n\n文字';
    expect(withoutSources(middle)).toBe(middle);
  });
});
