/** /jq/org, the institution library (detail: `?oid=`). */
import { LibraryPage } from './library-page';

export default function OrgPage() {
  return <LibraryPage kind="org" routeName="org" />;
}
