/**
 * /plist, the public project list for visitors and search engines (no login): a real
 * heading, crawlable links, search with industry and stage only; details open over it (`?pid=`).
 */
import { library } from '../../locales/zh-CN/library';
import { LibraryPage } from './library-page';

export default function PublicProjectListPage() {
  return (
    <LibraryPage
      kind="project"
      routeName="plist"
      publicIntro={{ title: library.publicProjectsTitle, lead: library.publicProjectsLead }}
    />
  );
}
