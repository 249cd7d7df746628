import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { billing } from '../../locales/zh-CN/billing';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import type { VipLength } from './api';
import { VipModal } from './vip-modal';

function renderModal(initialLength: VipLength | null) {
  render(
    <MemoryRouter>
      <FeedbackProvider>
        <VipModal isOpen initialLength={initialLength} onClose={() => {}} />
      </FeedbackProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('dialog');
}

describe('VipModal', { timeout: 30_000 }, () => {
  it('confirms the plan chosen on the page instead of offering the three again', async () => {
    const dialog = renderModal('month');
    const chosen = await within(dialog).findByTestId('vip-chosen');
    expect(dialog.querySelectorAll('.jq-vip-tier')).toHaveLength(1);
    expect(within(chosen).getByTestId('vip-tier-month').className).toContain('is-chosen');
    expect(within(dialog).getByTestId('vip-buy').textContent).toBe(`${billing.payNow} ¥199`);
    // 更换套餐 reopens the choice, still on the page's plan.
    fireEvent.click(within(dialog).getByTestId('vip-change'));
    expect(dialog.querySelectorAll('.jq-vip-tier')).toHaveLength(3);
    expect(within(dialog).getByTestId('vip-tier-month').className).toContain('is-chosen');
  });

  it('offers the three plans, 季卡 first chosen, when none was chosen before', async () => {
    const dialog = renderModal(null);
    await within(dialog).findByTestId('vip-tier-season');
    expect(within(dialog).queryByTestId('vip-chosen')).toBeNull();
    expect(dialog.querySelectorAll('.jq-vip-tier')).toHaveLength(3);
    expect(within(dialog).getByTestId('vip-tier-season').className).toContain('is-chosen');
  });
});
