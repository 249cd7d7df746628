/** /vipAgreement: the membership service agreement the VIP purchase links to. */

import { LegalDocument } from '../../shared/components/legal-document';
import { VIP_AGREEMENT } from './vip-agreement-text';

export default function VipAgreementPage() {
  return <LegalDocument text={VIP_AGREEMENT} testId="vip-agreement-page" />;
}
