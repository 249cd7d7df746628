/** /jq/chat: AI chat with an agent of the user's choice. */
import { ChatWorkspace } from './chat-workspace';

export default function ChatPage() {
  return <ChatWorkspace kind="chat" />;
}
