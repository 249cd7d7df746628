/**
 * Messaging's public surface: its pages (lazy), what the shell mounts on every page (the
 * session and notification, the header's unread badge), and the "私信" button that a
 * person's page (investor, project contacts, visitors) shows.
 */
import { lazyPage } from '../../shared/navigation/lazy-page';

export { HeaderMessages, ImShell, MessageButton } from './im-shell';

export const ChatPage = lazyPage(() => import('./chat-page'));
export const GroupInvitePage = lazyPage(() => import('./group-invite-page'));
