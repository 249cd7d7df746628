/**
 * The one page shown for every feature that has not landed yet: the spec's coming-soon
 * notice, what the page will do, and a way home.
 */
import { RocketOutlined } from '@ant-design/icons';
import { type FeatureKey, messages } from '@jq/contract';
import { Button, Result, Tag, theme } from 'antd';
import { comingSoon } from '../../locales/zh-CN/coming-soon';
import { useAppNavigate } from '../navigation/use-app-navigate';

export interface ComingSoonProps {
  /** Route name, for a page-specific description. */
  name?: string;
  feature: FeatureKey;
  /** Shown above the notice, usually the page title. */
  eyebrow?: string;
  isHomeButtonShown?: boolean;
}

export function ComingSoon({ name, feature, eyebrow, isHomeButtonShown = true }: ComingSoonProps) {
  const navigate = useAppNavigate();
  const { token } = theme.useToken();
  const description = (name && comingSoon.byRoute[name]) || comingSoon.byFeature[feature];
  return (
    <div className="jq-panel jq-coming-soon" data-testid="coming-soon">
      <Result
        icon={
          <span
            className="jq-coming-soon-icon"
            style={{ background: token.colorPrimaryBg, color: token.colorPrimary }}
          >
            <RocketOutlined />
          </span>
        }
        title={
          <>
            {eyebrow && (
              <Tag color="processing" variant="filled" className="jq-coming-soon-eyebrow">
                {eyebrow}
              </Tag>
            )}
            <div>{messages.comingSoon}</div>
          </>
        }
        subTitle={description}
        extra={
          isHomeButtonShown && (
            <Button type="primary" size="large" onClick={() => navigate('/home')}>
              {comingSoon.backHome}
            </Button>
          )
        }
      />
    </div>
  );
}
