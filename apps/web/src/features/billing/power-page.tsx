/**
 * /jq/power, the compute centre: balance, recharge packages (the pay modal, polled every
 * 1.5 s up to 100 times), and the spending records with what each bought. What 算力 is
 * and buys is said under the balance. The route keeps
 * its state when left (spec section 2), so the records page and filter survive.
 */
import type { PowerRecord } from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { billing } from '../../locales/zh-CN/billing';
import { getPowerChargeCfg, getPowerRecords, getUserPower } from './api';
import { openPay } from './billing-store';
import { PowerHelp } from './power-help';
import { yuanText } from './vip-tiers';
import './billing.css';

type RecordType = 'all' | 'spend' | 'recharge';

export default function PowerPage() {
  const power = useQuery({ queryKey: ['billing', 'power'], queryFn: getUserPower });
  const cfg = useQuery({ queryKey: ['billing', 'packages'], queryFn: getPowerChargeCfg });
  const [type, setType] = useState<RecordType>('all');
  const [page, setPage] = useState(1);
  const records = useQuery({
    queryKey: ['billing', 'records', type, page],
    queryFn: () => getPowerRecords({ page, pageSize: 10, type }),
  });

  return (
    <div className="jq-power" data-testid="power-page">
      <Card className="jq-power-balance" data-testid="power-balance">
        <Statistic
          title={
            <>
              {billing.balanceTitle}
              <PowerHelp />
            </>
          }
          value={power.data?.power ?? 0}
          suffix={billing.powerUnit}
          loading={power.isLoading}
        />
        <p className="jq-power-explain" data-testid="power-explain">
          {billing.powerExplain}
        </p>
      </Card>
      <Card
        title={billing.packagesTitle}
        extra={cfg.data?.testMode ? <Tag color="orange">{billing.testModeNote}</Tag> : null}
      >
        <div className="jq-power-packages">
          {cfg.data?.list.map((pkg) => (
            <div key={pkg.id} className="jq-power-package" data-testid={`package-${pkg.id}`}>
              <div className="jq-power-package-power">
                {pkg.power} <small>{billing.power}</small>
              </div>
              <div className="jq-power-package-price">{billing.amount(yuanText(pkg.listPrice))}</div>
              <Button
                type="primary"
                onClick={() =>
                  openPay({ kind: 'recharge', packageId: pkg.id, price: pkg.price, power: pkg.power })
                }
              >
                {billing.recharge}
              </Button>
            </div>
          ))}
        </div>
      </Card>
      <Card
        title={billing.recordsTitle}
        extra={
          <Segmented<RecordType>
            value={type}
            onChange={(value) => {
              setType(value);
              setPage(1);
            }}
            options={(['all', 'spend', 'recharge'] as const).map((value) => ({
              value,
              label: billing.recordTypes[value],
            }))}
          />
        }
      >
        <Table<PowerRecord>
          rowKey="id"
          size="small"
          loading={records.isLoading}
          dataSource={records.data?.list ?? []}
          locale={{ emptyText: billing.emptyRecords }}
          scroll={{ x: 560 }}
          pagination={{
            current: page,
            pageSize: 10,
            total: records.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            {
              title: billing.recordColumns.time,
              dataIndex: 'createdAt',
              render: (value: string) => new Date(value).toLocaleString('zh-CN'),
            },
            { title: billing.recordColumns.kind, dataIndex: 'kindLabel' },
            { title: billing.recordColumns.description, dataIndex: 'description' },
            {
              title: billing.recordColumns.power,
              dataIndex: 'power',
              render: (value: number) => (
                <span className={value < 0 ? 'jq-power-minus' : 'jq-power-plus'}>
                  {value > 0 ? `+${value}` : value}
                </span>
              ),
            },
            { title: billing.recordColumns.balance, dataIndex: 'balanceAfter' },
          ]}
        />
      </Card>
    </div>
  );
}
