/** /jq/investor, the investor library (detail: `?iid=`). */
import { LibraryPage } from './library-page';

export default function InvestorPage() {
  return <LibraryPage kind="investor" routeName="investor" />;
}
