/** /agreement: the user agreement the login form links to. */
import { AGREEMENT } from './agreement-text';
import { LegalDocument } from './legal-document';

export default function AgreementPage() {
  return <LegalDocument text={AGREEMENT} testId="agreement-page" />;
}
