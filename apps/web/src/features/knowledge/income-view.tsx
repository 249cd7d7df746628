/** Creator income: totals, per file and per day, and the rule in one sentence. */
import { Empty, Statistic, Table } from 'antd';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { useIncome } from './queries';

const DAYS = 30;

export function IncomeView() {
  const income = useIncome(DAYS);
  const data = income.data;
  return (
    <div className="jq-kb-income" data-testid="kb-income">
      <div className="jq-kb-income-stats">
        <Statistic title={knowledge.income.total} value={data?.total ?? 0} loading={income.isPending} />
        <Statistic
          title={knowledge.income.recent(DAYS)}
          value={data?.recent ?? 0}
          loading={income.isPending}
        />
        <Statistic title={knowledge.income.answers} value={data?.answers ?? 0} loading={income.isPending} />
      </div>
      {data && <p className="jq-kb-hint">{knowledge.income.rule(data.answerPrice, data.sharePermille)}</p>}
      {data && data.byFile.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={knowledge.income.empty} />
      ) : (
        <div className="jq-kb-income-tables">
          <Table
            size="small"
            rowKey="fileId"
            title={() => knowledge.income.byFile}
            pagination={false}
            dataSource={data?.byFile ?? []}
            columns={[
              { title: knowledge.income.columns.file, dataIndex: 'title' },
              { title: knowledge.income.columns.credits, dataIndex: 'credits', width: 80 },
              { title: knowledge.income.columns.answers, dataIndex: 'answers', width: 80 },
            ]}
          />
          <Table
            size="small"
            rowKey="day"
            title={() => knowledge.income.byDay}
            pagination={false}
            dataSource={data?.byDay ?? []}
            columns={[
              { title: knowledge.income.columns.day, dataIndex: 'day' },
              { title: knowledge.income.columns.credits, dataIndex: 'credits', width: 80 },
              { title: knowledge.income.columns.answers, dataIndex: 'answers', width: 80 },
            ]}
          />
        </div>
      )}
    </div>
  );
}
