/** /agreement: the user agreement the login form links to. */

import { LegalDocument } from '../../shared/components/legal-document';
import { AGREEMENT } from './agreement-text';

export default function AgreementPage() {
  return <LegalDocument text={AGREEMENT} testId="agreement-page" />;
}
