/** /privacy: the privacy policy the login form links to. */

import { LegalDocument } from '../../shared/components/legal-document';
import { PRIVACY } from './privacy-text';

export default function PrivacyPage() {
  return <LegalDocument text={PRIVACY} testId="privacy-page" />;
}
