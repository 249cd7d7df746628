/** The product mark (a bridge) and name; the mark takes the identity's primary colour. */
import { theme } from 'antd';
import { common } from '../../locales/zh-CN/common';

export interface BrandLogoProps {
  isNameShown?: boolean;
  isSloganShown?: boolean;
  size?: number;
}

export function BrandLogo({ isNameShown = true, isSloganShown = false, size = 32 }: BrandLogoProps) {
  const { token } = theme.useToken();
  return (
    <span className="jq-brand">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={token.colorPrimary} />
        <path d="M10 42c8-14 36-14 44 0" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
        <path
          d="M8 44h48M20 34v10M32 31v13M44 34v10"
          stroke="#ffd666"
          strokeWidth="4"
          strokeLinecap="round"
        />
      </svg>
      {isNameShown && (
        <span className="jq-brand-text">
          <span className="jq-brand-name">{common.productName}</span>
          {isSloganShown && <span className="jq-brand-slogan">{common.productSlogan}</span>}
        </span>
      )}
    </span>
  );
}
