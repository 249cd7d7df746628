/** /jq/project, the project library (detail: `?pid=`). */
import { LibraryPage } from './library-page';

export default function ProjectPage() {
  return <LibraryPage kind="project" routeName="project" />;
}
