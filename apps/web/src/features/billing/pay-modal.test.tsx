import { LIMITS, type Order } from '@jq/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billing } from '../../locales/zh-CN/billing';
import { resetServerErrorState } from '../../shared/api/client';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import { setWindowWidth } from '../../test/viewport';
import { countdownText, PayModal } from './pay-modal';

const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, msg: '', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const ORDER: Order = {
  orderno: 'JQ2026112200000012345678',
  code: 'http://localhost/api/pay/sandbox/JQ2026112200000012345678?t=qr-token_0123',
  payQrcodeUrl: 'http://localhost/api/pay/sandbox/JQ2026112200000012345678?t=qr-token_0123',
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
    <FeedbackProvider>
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
    </FeedbackProvider>,
  );
  return { onPaid, onClose };
}

describe('countdownText', () => {
  it('reads minutes and seconds, rounding up, never below zero', () => {
    expect(countdownText(150_000)).toBe('02:30');
    expect(countdownText(59_001)).toBe('01:00');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(-5000)).toBe('00:00');
  });
});

describe('PayModal', () => {
  const desktopWidth = window.innerWidth;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    resetServerErrorState();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setWindowWidth(desktopWidth);
  });

  it('counts down to the end of the wait: the polls left, or the order expiry if sooner', async () => {
    serve([0]);
    renderModal();
    const countdown = await screen.findByTestId('pay-countdown');
    // 100 polls × 1.5 s.
    expect(countdown.textContent).toBe(`${billing.countdown} 02:30`);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByTestId('pay-countdown').textContent).toBe(`${billing.countdown} 02:20`);
  });

  it('counts down to the order expiry when it comes before the last poll', async () => {
    serve([0]);
    const expiresAt = new Date(Date.now() + 45_000).toISOString();
    renderModal({ createOrder: async () => ({ ...ORDER, paycfg: { ...ORDER.paycfg, expiresAt } }) });
    expect((await screen.findByTestId('pay-countdown')).textContent).toBe(`${billing.countdown} 00:45`);
  });

  it('我已支付 checks at once: not paid says so and keeps waiting, paid ends like a poll', async () => {
    const checks = serve([0, 1]);
    const { onPaid, onClose } = renderModal();
    const check = await screen.findByTestId('pay-check');
    expect(check.textContent).toBe(billing.checkPaid);
    fireEvent.click(check);
    expect(await screen.findByText(billing.notPaidYet)).toBeTruthy();
    expect(checks).toHaveLength(1);
    expect(onPaid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('pay-check'));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(onClose).toHaveBeenCalledOnce();
    expect(await screen.findByText(billing.chargeSuccess)).toBeTruthy();
    // Paid: the timer's polls stop.
    await act(() => vi.advanceTimersByTimeAsync(5 * 1500));
    expect(checks).toHaveLength(2);
    expect(onPaid).toHaveBeenCalledOnce();
  });

  it('names the sandbox in a small note, not as the instructions', async () => {
    serve([0]);
    renderModal();
    const note = await screen.findByTestId('pay-sandbox-note');
    expect(note.textContent).toContain('沙箱环境');
    expect(screen.getByTestId('pay-modal').querySelector('canvas, svg')).toBeTruthy();
    expect(screen.getByText(billing.sandboxScanHint)).toBeTruthy();
  });

  it('on a phone offers a pay button, the QR folded away for another device', async () => {
    setWindowWidth(390);
    serve([0]);
    renderModal();
    const open = await screen.findByTestId('pay-open');
    expect(open.tagName).toBe('A');
    expect(open.textContent).toBe(billing.openPayPage);
    // With the QR's single-use token, as on the desktop link.
    expect(open.getAttribute('href')).toBe(`/api/pay/sandbox/${ORDER.orderno}?t=qr-token_0123`);
    expect(screen.queryByText(billing.sandboxScanHint)).toBeNull();
    expect(screen.getAllByRole('link', { name: billing.openPayPage })).toHaveLength(1);
    expect(within(screen.getByTestId('pay-sandbox-note')).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('pay-modal').querySelector('.ant-qrcode')).toBeNull();
    fireEvent.click(screen.getByTestId('pay-show-qr'));
    expect(screen.getByTestId('pay-modal').querySelector('.ant-qrcode')).toBeTruthy();
  });

  it('shows the order, polls every 1.5 s, and on paid says so, calls back and closes', async () => {
    const checks = serve([0, 0, 1]);
    const { onPaid, onClose } = renderModal();
    expect(await screen.findByText('¥9.90')).toBeTruthy();
    expect(screen.getByText('算力充值 100 点')).toBeTruthy();
    // The sandbox link opens the pay page on this site, whatever address the QR carries, with
    // the QR's single-use token (the page is shown only to the owner or the token's holder).
    expect(screen.getByRole('link', { name: billing.openPayPage }).getAttribute('href')).toBe(
      `/api/pay/sandbox/${ORDER.orderno}?t=qr-token_0123`,
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
