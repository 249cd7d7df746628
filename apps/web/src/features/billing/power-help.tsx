/**
 * What 算力 is, where credits show (issue 14: it was never explained): a ⓘ with the
 * explanation as its tooltip and its accessible name, beside a balance or a price in 算力.
 */
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { billing } from '../../locales/zh-CN/billing';

export function PowerHelp() {
  return (
    <Tooltip title={billing.powerExplain}>
      <QuestionCircleOutlined
        className="jq-power-help"
        role="img"
        aria-label={`${billing.powerWhat}${billing.powerExplain}`}
        tabIndex={0}
        data-testid="power-help"
      />
    </Tooltip>
  );
}
