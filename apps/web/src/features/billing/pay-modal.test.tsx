import { LIMITS, type Order } from '@jq/contract';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billing } from '../../locales/zh-CN/billing';
import { resetServerErrorState } from '../../shared/api/client';
import { PayModal } from './pay-modal';

const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const ORDER: Order = {
  orderno: 'JQ2026112200000012345678',
  code: 'http://localhost/api/pay/sandbox/JQ2026112200000012345678',
  payQrcodeUrl: 'http://localhost/api/pay/sandbox/JQ2026112200000012345678',
  paycfg: {
    provider: 'sandbox',
    amount: 990,
    listAmount: 990,
    description: '算力充值 100 点',
    expiresAt: '',
  },
  payJsConfig: null,
};

/** Answers the order checks in turn (0 = not paid yet). */
function serve(answers: (0 | 1)[]) {
  const checks: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      checks.push(String(input));
      return envelope(1000, answers[checks.length - 1] ?? answers.at(-1));
    }),
  );
  return checks;
}

function renderModal(props: Partial<Parameters<typeof PayModal>[0]> = {}) {
  const onPaid = vi.fn();
  const onClose = vi.fn();
  render(
    <App>
      <PayModal
        isOpen
        title="扫码支付"
        createOrder={async () => ORDER}
        checkPath="/pay/CheckChargeOrder"
        intervalMs={LIMITS.chargePollIntervalMs}
        maxPolls={LIMITS.chargePollMax}
        successText={billing.chargeSuccess}
        failText={billing.chargeInfoFailed}
        onTimeoutMode="expire"
        onPaid={onPaid}
        onClose={onClose}
        {...props}
      />
    </App>,
  );
  return { onPaid, onClose };
}

describe('PayModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetServerErrorState();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the order, polls every 1.5 s, and on paid says so, calls back and closes', async () => {
    const checks = serve([0, 0, 1]);
    const { onPaid, onClose } = renderModal();
    expect(await screen.findByText('¥9.90')).toBeTruthy();
    expect(screen.getByText('算力充值 100 点')).toBeTruthy();
    // The sandbox link opens the pay page on this site, whatever address the QR carries.
    expect(screen.getByRole('link', { name: billing.openPayPage }).getAttribute('href')).toBe(
      `/api/pay/sandbox/${ORDER.orderno}`,
    );
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(checks).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(3 * 1500));
    expect(checks[0]).toContain(`/api/pay/CheckChargeOrder?orderno=${ORDER.orderno}`);
    expect(checks).toHaveLength(3);
    expect(onPaid).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    expect(await screen.findByText(billing.chargeSuccess)).toBeTruthy();
  });

  it('stops after the last allowed poll; for VIP it says 支付超时，请重试 and closes', async () => {
    const checks = serve([0]);
    const { onPaid, onClose } = renderModal({
      checkPath: '/user/checkOrder',
      intervalMs: LIMITS.vipPollIntervalMs,
      maxPolls: LIMITS.vipPollMax,
      onTimeoutMode: 'close',
      timeoutText: billing.vipTimeout,
    });
    await screen.findByText('¥9.90');
    await act(() => vi.advanceTimersByTimeAsync(61 * 1000));
    expect(checks).toHaveLength(60);
    expect(onPaid).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledOnce();
    expect(await screen.findByText(billing.vipTimeout)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(checks).toHaveLength(60);
  });

  it('says 获取充值信息失败！ and closes when the order cannot be made', async () => {
    serve([0]);
    const { onClose } = renderModal({ createOrder: () => Promise.reject(new Error('down')) });
    expect(await screen.findByText(billing.chargeInfoFailed)).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
