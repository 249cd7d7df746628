import type { Quote } from '@jq/contract';
import { act, fireEvent, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUserStore } from '../stores/user-store';
import { Markdown } from './markdown';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderMarkdown(content: string, quotes: Quote[] = []) {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Markdown content={content} quotes={quotes} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const QUOTE: Quote = {
  n: 1,
  pid: 9,
  title: '2025 储能白皮书',
  pages: [3, 4],
  text: '市场规模达到 1200 亿元',
};

describe('Markdown', () => {
  it('never renders script or HTML from the text', () => {
    const { container } = renderMarkdown(
      '你好<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example.com"></iframe>\n\n<a href="javascript:alert(3)">点我</a>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('drops javascript: markdown links but keeps their text', () => {
    const { container } = renderMarkdown('[危险](javascript:alert(1)) 与 [数据](data:text/html,x)');
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('危险');
    expect(container.querySelectorAll('[data-link="dropped"]')).toHaveLength(2);
  });

  it('renders GFM tables, lists and code', () => {
    const { container } = renderMarkdown(
      '| 项目 | 轮次 |\n| --- | --- |\n| 驰达新能源 | A轮 |\n\n- 一\n- 二\n\n```ts\nconst a = 1;\n```',
    );
    expect(container.querySelector('.jq-md-table table td')?.textContent).toBe('驰达新能源');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('pre code')?.textContent).toContain('const a = 1;');
  });

  it('opens external links in a new tab with noopener, and gives links without a scheme http://', () => {
    useUserStore.setState({ info: { uguid: 'u1' } as never });
    const { container } = renderMarkdown('[官网](www.example.com)');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('http://www.example.com/');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    useUserStore.setState({ info: null });
  });

  it('opens record links in the app, and asks a visitor to sign in for a protected page', () => {
    useUserStore.setState({ info: null, isNeedLoginOpen: false });
    const { container, getByTestId } = renderMarkdown('[驰达](/plist?pid=3) 与 [项目库](/jq/project?pid=3)');
    const [open, locked] = [...container.querySelectorAll('a')] as [HTMLAnchorElement, HTMLAnchorElement];
    act(() => {
      fireEvent.click(open);
    });
    expect(getByTestId('where').textContent).toBe('/plist?pid=3');
    act(() => {
      fireEvent.click(locked);
    });
    expect(getByTestId('where').textContent).toBe('/plist?pid=3');
    expect(useUserStore.getState().isNeedLoginOpen).toBe(true);
    useUserStore.setState({ isNeedLoginOpen: false });
  });

  it('links [n] markers to their quotes and opens the PDF viewer at the quoted page', () => {
    const { getAllByTestId, getByTestId } = renderMarkdown('储能规模约 1200 亿元[1]，另见[7]。`[1]`', [
      QUOTE,
    ]);
    const citations = getAllByTestId('citation');
    expect(citations).toHaveLength(1);
    expect(citations[0]?.textContent).toBe('1');
    act(() => {
      fireEvent.click(citations[0]!);
    });
    const where = new URL(`http://x${getByTestId('where').textContent}`);
    expect(where.pathname).toBe('/pdfView');
    expect(where.searchParams.get('pid')).toBe('9');
    expect(where.searchParams.get('page')).toBe('3');
    expect(where.searchParams.get('q')).toBe(QUOTE.text);
  });

  it('renders fenced quote blocks as citation cards and inquiry blocks as plain quotes', () => {
    const block = JSON.stringify([
      { pid: 9, title: '2025 储能白皮书', pages: [3, 4], text: '原文<b>加粗</b>' },
    ]);
    const { getAllByTestId, getByTestId, container } = renderMarkdown(
      `回答\n\n\`\`\`quote\n${block}\n\`\`\`\n\n\`\`\`inquiry\n["问：收入构成？"]\n\`\`\``,
    );
    const card = getAllByTestId('quote-card')[0]!;
    expect(card.textContent).toContain('2025 储能白皮书');
    expect(card.textContent).toContain('第 3–4 页');
    expect(card.textContent).toContain('原文<b>加粗</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(card.getAttribute('href')).toMatch(/^\/pdfView\?pid=9&page=3&q=/);
    expect(getByTestId('inquiry-quotes').textContent).toContain('问：收入构成？');
    expect(container.querySelector('pre')).toBeNull();
  });
});
