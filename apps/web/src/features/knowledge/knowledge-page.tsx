/**
 * /knowledge: my files (upload, status, progress), the public square, collections and my
 * creator income, as tabs kept in the address (`?tab=`). Signed out, the square and public
 * collections are open; my files and income ask for a login.
 */
import { Button, Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { knowledge } from '../../locales/zh-CN/knowledge';
import { isSignedIn, useUserStore } from '../../shared/stores/user-store';
import { CollectionsView } from './collections-view';
import { IncomeView } from './income-view';
import { MyFiles } from './my-files';
import { SquareView } from './square-view';
import './knowledge.css';

type Tab = 'mine' | 'square' | 'collections' | 'income';
const TABS: Tab[] = ['mine', 'square', 'collections', 'income'];

function NeedLogin() {
  const openLogin = useUserStore((s) => s.openLogin);
  return (
    <Result
      status="info"
      title={knowledge.needLogin}
      extra={
        <Button type="primary" onClick={() => openLogin()}>
          登录
        </Button>
      }
    />
  );
}

export function KnowledgeHome({ title = knowledge.title, defaultTab }: { title?: string; defaultTab?: Tab }) {
  useUserStore((s) => s.info);
  const signedIn = isSignedIn();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : (defaultTab ?? (signedIn ? 'mine' : 'square'));
  return (
    <div className="jq-panel jq-kb" data-testid="knowledge-page">
      <h2 className="jq-kb-title">{title}</h2>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'mine', label: knowledge.tabs.mine, children: signedIn ? <MyFiles /> : <NeedLogin /> },
          { key: 'square', label: knowledge.tabs.square, children: <SquareView /> },
          { key: 'collections', label: knowledge.tabs.collections, children: <CollectionsView /> },
          {
            key: 'income',
            label: knowledge.tabs.income,
            children: signedIn ? <IncomeView /> : <NeedLogin />,
          },
        ]}
      />
    </div>
  );
}

export default function KnowledgePage() {
  return <KnowledgeHome />;
}
