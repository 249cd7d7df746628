import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useStagedCount } from './use-staged-count';

function Rows({ count }: { count: number }) {
  const shown = useStagedCount(count);
  return <output data-testid="shown">{shown}</output>;
}

const shown = () => Number(screen.getByTestId('shown').textContent);

describe('useStagedCount', () => {
  it('renders the first screenful first, then fills up to every row', async () => {
    render(<Rows count={20} />);
    expect(shown()).toBe(FIRST_ROWS);
    await waitFor(() => expect(shown()).toBe(20));
  });

  it('shows later results (加载更多, a new search) at once after the first fill', async () => {
    const { rerender } = render(<Rows count={20} />);
    await waitFor(() => expect(shown()).toBe(20));
    rerender(<Rows count={40} />);
    expect(shown()).toBe(40);
    rerender(<Rows count={3} />);
    expect(shown()).toBe(3);
  });

  it('waits for rows while the first page loads', async () => {
    const { rerender } = render(<Rows count={0} />);
    expect(shown()).toBe(0);
    rerender(<Rows count={12} />);
    expect(shown()).toBe(FIRST_ROWS);
    await waitFor(() => expect(shown()).toBe(12));
  });
});
