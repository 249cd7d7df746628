/** /Login: the same login page outside the main layout, for links from the desktop client. */
import { BrandLogo } from '../../shared/components/brand-logo';
import LoginPage from './login-page';
import './account.css';

export default function LoginBarePage() {
  return (
    <div className="jq-account-page-bare">
      <div className="jq-account-bare-inner">
        <div className="jq-account-bare-brand">
          <BrandLogo isSloganShown />
        </div>
        <LoginPage />
      </div>
    </div>
  );
}
