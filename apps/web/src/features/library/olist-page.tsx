/**
 * /olist, the public institution list for visitors and search engines (no login); details
 * open over it (`?oid=`).
 */
import { library } from '../../locales/zh-CN/library';
import { LibraryPage } from './library-page';

export default function PublicOrgListPage() {
  return (
    <LibraryPage
      kind="org"
      routeName="olist"
      publicIntro={{ title: library.publicOrgsTitle, lead: library.publicOrgsLead }}
    />
  );
}
