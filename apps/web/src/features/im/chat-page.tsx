/**
 * /user/chat: private chats and groups. Desktop shows the list and the open conversation
 * side by side; a phone shows one at a time (the conversation has a back arrow). The open
 * conversation is the `id` query, so a notification or a link opens it directly. Social chat
 * needs a verified account (spec section 2); others are sent to registration.
 */
import { DEFAULT_PRODUCT, expandPath } from '@jq/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Result, Segmented } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { im } from '../../locales/zh-CN/im';
import { isStandalone } from '../../shared/browser/pwa';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useUserStore } from '../../shared/stores/user-store';
import { listApplications } from './api';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { ApplicationsPanel, SquarePanel } from './groups-panel';
import { useImStore } from './im-store';
import './im.css';

type Tab = 'chats' | 'square' | 'applications';
const REGISTER_PATH = `${expandPath('/{product}/user', DEFAULT_PRODUCT)}?tab=register`;
const PWA_BAR_KEY = 'jq_im_pwa_bar_closed';

function PwaBar() {
  const navigate = useAppNavigate();
  const [isClosed, setClosed] = useState(() => isStandalone() || localStorage.getItem(PWA_BAR_KEY) === '1');
  if (isClosed) return null;
  return (
    <Alert
      className="jq-im-pwa-bar"
      type="info"
      showIcon
      title={im.pwaBar}
      action={
        <Button size="small" type="link" onClick={() => navigate('/download')}>
          {im.pwaBarAction}
        </Button>
      }
      closable={{ 'aria-label': im.pwaBarClose }}
      onClose={() => {
        localStorage.setItem(PWA_BAR_KEY, '1');
        setClosed(true);
      }}
    />
  );
}

export default function ChatPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useAppNavigate();
  const { isSmall } = useBreakpoint();
  const isVerified = useUserStore((state) => state.info?.isVerify ?? false);
  const [tab, setTab] = useState<Tab>('chats');
  const applyVersion = useImStore((state) => state.applyVersion);
  const applications = useQuery({
    queryKey: ['im', 'applications', applyVersion],
    queryFn: () => listApplications(),
    enabled: isVerified,
  });
  const pendingApplications = applications.data?.total ?? 0;
  const id = Number(params.get('id')) || null;
  const open = (conv: number) => {
    setTab('chats');
    setParams({ id: String(conv) });
  };
  const back = () => setParams({});

  if (!isVerified) {
    return (
      <Result
        status="info"
        title={im.gate.title}
        subTitle={im.gate.desc}
        extra={
          <Button type="primary" onClick={() => navigate(REGISTER_PATH)}>
            {im.gate.action}
          </Button>
        }
        data-testid="im-gate"
      />
    );
  }

  const isSingleColumn = isSmall;
  const showList = !isSingleColumn || id === null;
  const showPane = !isSingleColumn || id !== null;

  return (
    <div className={`jq-im-page${isSingleColumn ? ' is-single' : ''}`} data-testid="im-page">
      {showList && (
        <aside className="jq-im-side">
          <Segmented<Tab>
            block
            value={tab}
            onChange={setTab}
            options={[
              { value: 'chats', label: im.tabs.chats },
              { value: 'square', label: im.tabs.square },
              {
                value: 'applications',
                label: (
                  <Badge count={pendingApplications} size="small" offset={[6, -2]}>
                    {im.tabs.applications}
                  </Badge>
                ),
              },
            ]}
            data-testid="im-tabs"
          />
          <PwaBar />
          <div className="jq-im-side-body">
            {tab === 'chats' && <ConversationList activeId={id} onOpen={open} />}
            {tab === 'square' && <SquarePanel onOpen={open} />}
            {tab === 'applications' && <ApplicationsPanel />}
          </div>
        </aside>
      )}
      {showPane &&
        (id !== null ? (
          <ConversationPane key={id} conv={id} onBack={isSingleColumn ? back : undefined} />
        ) : (
          <section className="jq-im-pane is-empty">
            <Result status="info" title={im.pickConversation} />
          </section>
        ))}
    </div>
  );
}
