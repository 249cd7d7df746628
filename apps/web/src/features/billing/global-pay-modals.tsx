/**
 * The pay modal and the VIP purchase modal as the app's global overlays, driven by the
 * billing store: a recharge package (polled 1.5 s × 100, spec section 9), a per-use unlock
 * paid by QR (the same polling; when credits ran short it says so and offers a recharge or
 * VIP instead), and the VIP tiers. Loaded on first open.
 */
import { LIMITS } from '@jq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { billing } from '../../locales/zh-CN/billing';
import { useUserStore } from '../../shared/stores/user-store';
import { genChargeOrder, getChargeCode } from './api';
import { type PayRequest, type PerUseRequest, useBillingStore } from './billing-store';
import { PayModal } from './pay-modal';
import { PowerHelp } from './power-help';
import { VipModal } from './vip-modal';
import './billing.css';

const CHARGE_POLL = {
  checkPath: '/pay/CheckChargeOrder',
  intervalMs: LIMITS.chargePollIntervalMs,
  maxPolls: LIMITS.chargePollMax,
  failText: billing.chargeInfoFailed,
  onTimeoutMode: 'expire',
} as const;

function PerUseNote({ request }: { request: PerUseRequest }) {
  const navigate = useNavigate();
  const { closePay, openVip } = useBillingStore.getState();
  return (
    <div className="jq-pay-note" data-testid="pay-per-use">
      {request.shortfall && (
        <Alert
          type="warning"
          showIcon
          title={
            <>
              {billing.shortfall(request.shortfall.need, request.shortfall.power)}
              <PowerHelp />
            </>
          }
          data-testid="pay-shortfall"
        />
      )}
      <Typography.Text type="secondary">{billing.payToUnlock}</Typography.Text>
      <Space wrap>
        <Button
          size="small"
          onClick={() => {
            closePay();
            void navigate('/jq/power');
          }}
          data-testid="pay-go-recharge"
        >
          {billing.goRecharge}
        </Button>
        {request.action !== 'ChatPerCharge' && (
          <Button size="small" onClick={() => openVip()} data-testid="pay-go-vip">
            {billing.vipFreeUnlock}
          </Button>
        )}
      </Space>
    </div>
  );
}

function GlobalPayModal({ request }: { request: PayRequest }) {
  const queryClient = useQueryClient();
  const closePay = useBillingStore((state) => state.closePay);
  const commoncfg = useUserStore((state) => state.status.commoncfg);
  const onPaid = () => {
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
    request.onPaid?.();
  };

  if (request.kind === 'recharge') {
    return (
      <PayModal
        isOpen
        {...CHARGE_POLL}
        title={billing.payTitle}
        createOrder={(clienttp) => genChargeOrder(request.packageId, request.price, clienttp)}
        successText={billing.chargeSuccess}
        onPaid={onPaid}
        onClose={closePay}
      >
        <Typography.Text strong>
          {billing.rechargeWhat(request.power)}
          <PowerHelp />
        </Typography.Text>
      </PayModal>
    );
  }
  const listFen = commoncfg[request.action];
  return (
    <PayModal
      isOpen
      {...CHARGE_POLL}
      checkPath="/chat/CheckChargeOrder"
      title={billing.unlockPayTitle}
      createOrder={(clienttp) =>
        getChargeCode({
          action: request.action,
          money: typeof listFen === 'number' ? listFen : undefined,
          pid: request.pid,
          ConversationId: request.conversationId,
          clienttp,
        })
      }
      successText={billing.paymentDone}
      onPaid={onPaid}
      onClose={closePay}
    >
      <PerUseNote request={request} />
    </PayModal>
  );
}

export default function GlobalPayModals() {
  const pay = useBillingStore((state) => state.pay);
  const isVipOpen = useBillingStore((state) => state.isVipOpen);
  const closeVip = useBillingStore((state) => state.closeVip);
  const vipLength = useBillingStore((state) => state.vipLength);
  return (
    <>
      {/* A new request is a new modal (and a new order). */}
      {pay && <GlobalPayModal key={JSON.stringify({ ...pay, onPaid: undefined })} request={pay} />}
      <VipModal isOpen={isVipOpen} initialLength={vipLength} onClose={closeVip} />
    </>
  );
}
