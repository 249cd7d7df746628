import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted, normalizeRanges } from './highlight';

const renderInP = (node: React.ReactNode) => render(<p data-testid="out">{node}</p>).getByTestId('out');

describe('Highlighted', () => {
  it('marks the matched ranges and keeps the rest as text', () => {
    const out = renderInP(
      <Highlighted highlight={{ text: '上海驰达新能源科技有限公司', ranges: [[4, 7]] }} text="ignored" />,
    );
    expect(out.textContent).toBe('上海驰达新能源科技有限公司');
    expect([...out.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['新能源']);
  });

  it("marks the field's own value when the highlight has no text of its own", () => {
    const out = renderInP(<Highlighted highlight={{ ranges: [[4, 7]] }} text="上海驰达新能源科技有限公司" />);
    expect(out.textContent).toBe('上海驰达新能源科技有限公司');
    expect([...out.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['新能源']);
  });

  it('renders markup in server text as characters, never as elements', () => {
    const text = '新能源<img src=x onerror="alert(1)"><script>alert(2)</script>公司';
    const out = renderInP(
      <Highlighted
        highlight={{
          text,
          ranges: [
            [0, 3],
            [3, 34],
          ],
        }}
        text={text}
      />,
    );
    expect(out.querySelector('img')).toBeNull();
    expect(out.querySelector('script')).toBeNull();
    expect(out.textContent).toBe(text);
    expect(out.querySelector('mark')?.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it('shows the plain text when there is no highlight', () => {
    const out = renderInP(<Highlighted text={'<b>驰达</b>'} />);
    expect(out.querySelector('b')).toBeNull();
    expect(out.textContent).toBe('<b>驰达</b>');
  });

  it('survives ranges out of order, overlapping or outside the text without losing characters', () => {
    const out = renderInP(
      <Highlighted
        highlight={{
          text: '新能源汽车',
          ranges: [
            [3, 99],
            [-5, 2],
            [1, 3],
            [4, 4],
          ],
        }}
        text=""
      />,
    );
    expect(out.textContent).toBe('新能源汽车');
    expect(out.querySelectorAll('mark').length).toBeGreaterThan(0);
  });
});

describe('normalizeRanges', () => {
  it('clamps to the text, drops empty ranges and sorts', () => {
    expect(
      normalizeRanges('abcdef', [
        [4, 10],
        [-2, 1],
        [3, 3],
        [2.7, 3.2],
      ]),
    ).toEqual([
      [0, 1],
      [2, 3],
      [4, 6],
    ]);
  });

  it('merges overlapping and touching ranges', () => {
    expect(
      normalizeRanges('abcdefgh', [
        [0, 2],
        [1, 3],
        [3, 4],
        [6, 8],
      ]),
    ).toEqual([
      [0, 4],
      [6, 8],
    ]);
  });
});
