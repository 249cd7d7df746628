/** /jq/mixchat: research chat over the platform's reports, every claim cited with its pages. */
import { ChatWorkspace } from './chat-workspace';

export default function MixchatPage() {
  return <ChatWorkspace kind="mixchat" />;
}
