/**
 * /fundingProject?pid=, a project's public page: the address 复制链接 hands out, so a
 * shared project opens as a page of its own, for visitors too (contacts ask them to sign in).
 */
import { Result } from 'antd';
import { Link } from 'react-router';
import { common } from '../../locales/zh-CN/common';
import { library } from '../../locales/zh-CN/library';
import { routePath } from '../../shared/navigation/route-path';
import { useDetailParam } from './detail-nav';
import { ProjectDetail } from './project-detail';
import './library.css';

export default function FundingProjectPage() {
  const { id } = useDetailParam('project');
  return (
    <div className="jq-lib-page jq-lib-standalone" data-testid="funding-project">
      <div className="jq-lib-panel">
        {id === null ? (
          <Result
            status="404"
            title={common.recordMissing}
            extra={<Link to={routePath('plist')}>{library.publicProjectsTitle}</Link>}
          />
        ) : (
          <ProjectDetail key={id} pid={id} />
        )}
      </div>
    </div>
  );
}
