/**
 * /vip: what membership gives (spec section 1), the three tiers, the current expiry, and
 * buying: the tier chosen here is the one the modal confirms (no second choice).
 */
import { CrownOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { billing } from '../../locales/zh-CN/billing';
import { useUserStore } from '../../shared/stores/user-store';
import type { VipLength } from './api';
import { openVip } from './billing-store';
import { useVipTiers, VipTierCards } from './vip-modal';
import { yuanText } from './vip-tiers';
import './billing.css';

export default function VipPage() {
  const status = useUserStore((state) => state.status);
  const isSignedIn = useUserStore((state) => state.info !== null);
  const openLogin = useUserStore((state) => state.openLogin);
  const tiers = useVipTiers();
  const [chosen, setChosen] = useState<VipLength>('season');

  return (
    <div className="jq-vip" data-testid="vip-page">
      <Card className="jq-vip-hero">
        <CrownOutlined className="jq-vip-crown" />
        <Typography.Title level={2}>{billing.vipTitle}</Typography.Title>
        <Typography.Paragraph type="secondary">{billing.vipSubtitle}</Typography.Paragraph>
        <Typography.Paragraph strong data-testid="vip-expiry">
          {status.isvip ? billing.vipActive(status.exptime) : billing.vipInactive}
        </Typography.Paragraph>
      </Card>
      <Card title={billing.vipBenefitsTitle}>
        <ul className="jq-vip-benefits">
          {billing.vipBenefits.map((benefit) => (
            <li key={benefit.title}>
              <strong>{benefit.title}</strong>
              <span>{benefit.desc}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <VipTierCards tiers={tiers} chosen={chosen} onChoose={setChosen} />
        <Button
          type="primary"
          size="large"
          block
          onClick={() => (isSignedIn ? openVip(chosen) : openLogin())}
          data-testid="vip-open"
        >
          {status.isvip ? billing.renewVip : billing.buyVip}{' '}
          {billing.amount(yuanText(tiers.find((tier) => tier.length === chosen)!.fen))}
        </Button>
        <Typography.Paragraph type="secondary" className="jq-vip-agree">
          {billing.agreeVip}
          <Link to="/vipAgreement">{billing.vipAgreementLink}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
