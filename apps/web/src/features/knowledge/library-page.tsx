/** /library: my own library — the files I uploaded and saved, with the same tools as /knowledge. */
import { knowledge } from '../../locales/zh-CN/knowledge';
import { KnowledgeHome } from './knowledge-page';

export default function LibraryPage() {
  return <KnowledgeHome title={knowledge.libraryTitle} defaultTab="mine" />;
}
