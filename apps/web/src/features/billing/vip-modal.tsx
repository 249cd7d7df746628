/**
 * The VIP purchase modal (spec sections 2 and 4): three tiers with their 折 badges, then
 * the order's QR polled every 1 s up to 60 times (then 支付超时，请重试). On payment the
 * `vipPaySuccess` event fires; the global overlays then reload the user's info and status.
 * A plan already chosen on /vip is not offered again: the modal shows that one plan, with
 * 更换套餐 to reopen the choice, and goes on to pay.
 */
import { LIMITS } from '@jq/contract';
import { Badge, Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { billing } from '../../locales/zh-CN/billing';
import { useUserStore } from '../../shared/stores/user-store';
import { createVipPay, type VipLength } from './api';
import { VIP_PAY_SUCCESS_EVENT } from './billing-store';
import { PayModal } from './pay-modal';
import { type VipTier, vipTiers, yuanText } from './vip-tiers';

export { VIP_PAY_SUCCESS_EVENT } from './billing-store';

const DEFAULT_CFG = { month: 199, seasondiscount: 0.9, yeardiscount: 0.7 };

export function useVipTiers(): VipTier[] {
  const cfg = useUserStore((state) => state.status.commoncfg.VipChargeCfg);
  return vipTiers(cfg ?? DEFAULT_CFG);
}

export function VipTierCards({
  tiers,
  chosen,
  onChoose,
}: {
  tiers: VipTier[];
  chosen: VipLength;
  onChoose(length: VipLength): void;
}) {
  return (
    <div className="jq-vip-tiers">
      {tiers.map((tier) => {
        const card = (
          <button
            key={tier.length}
            type="button"
            className={`jq-vip-tier${tier.length === chosen ? ' is-chosen' : ''}`}
            onClick={() => onChoose(tier.length)}
            data-testid={`vip-tier-${tier.length}`}
          >
            <span className="jq-vip-tier-name">{billing.vipTiers[tier.length]}</span>
            <span className="jq-vip-tier-price">{billing.amount(yuanText(tier.fen))}</span>
            <span className="jq-vip-tier-note">
              {tier.months > 1
                ? billing.perMonth(yuanText(Math.round(tier.fen / tier.months)))
                : billing.vipDays.month}
            </span>
          </button>
        );
        return tier.fold ? (
          <Badge.Ribbon key={tier.length} text={billing.fold(tier.fold)} color="red">
            {card}
          </Badge.Ribbon>
        ) : (
          <div key={tier.length}>{card}</div>
        );
      })}
    </div>
  );
}

export interface VipModalProps {
  isOpen: boolean;
  /** The tier chosen on a page before the modal opened; null or left out: the three are offered (季卡 first). */
  initialLength?: VipLength | null;
  onClose(): void;
}

export function VipModal({ isOpen, initialLength = null, onClose }: VipModalProps) {
  const tiers = useVipTiers();
  const [chosen, setChosen] = useState<VipLength>(initialLength ?? 'season');
  const [isChoosing, setIsChoosing] = useState(initialLength === null);
  const [isPaying, setIsPaying] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setChosen(initialLength ?? 'season');
    setIsChoosing(initialLength === null);
  }, [isOpen, initialLength]);
  const tier = tiers.find((t) => t.length === chosen)!;

  // The global overlays reload the user's info (isvip, exptime) on this event.
  const onPaid = () => {
    window.dispatchEvent(new Event(VIP_PAY_SUCCESS_EVENT));
    onClose();
  };

  return (
    <>
      <Modal
        open={isOpen && !isPaying}
        title={billing.vipPayTitle}
        footer={null}
        onCancel={onClose}
        width={520}
      >
        {isChoosing ? (
          <VipTierCards tiers={tiers} chosen={chosen} onChoose={setChosen} />
        ) : (
          <div className="jq-vip-chosen" data-testid="vip-chosen">
            <div className="jq-vip-chosen-head">
              <span>{billing.chosenPlan}</span>
              <Button type="link" size="small" onClick={() => setIsChoosing(true)} data-testid="vip-change">
                {billing.changePlan}
              </Button>
            </div>
            <VipTierCards tiers={[tier]} chosen={chosen} onChoose={setChosen} />
          </div>
        )}
        <Button type="primary" block size="large" onClick={() => setIsPaying(true)} data-testid="vip-buy">
          {isChoosing ? billing.buyVip : billing.payNow} {billing.amount(yuanText(tier.fen))}
        </Button>
        <Typography.Paragraph type="secondary" className="jq-vip-agree">
          {billing.agreeVip}
          <Link to="/vipAgreement" target="_blank">
            {billing.vipAgreementLink}
          </Link>
        </Typography.Paragraph>
      </Modal>
      <PayModal
        isOpen={isOpen && isPaying}
        title={`${billing.vipPayTitle} · ${billing.vipTiers[chosen]}`}
        createOrder={(clienttp) => createVipPay(chosen, tier.fen, clienttp)}
        checkPath="/user/checkOrder"
        intervalMs={LIMITS.vipPollIntervalMs}
        maxPolls={LIMITS.vipPollMax}
        successText={billing.vipPaid}
        failText={billing.networkError}
        onTimeoutMode="close"
        timeoutText={billing.vipTimeout}
        onPaid={onPaid}
        onClose={() => {
          setIsPaying(false);
          onClose();
        }}
      />
    </>
  );
}
