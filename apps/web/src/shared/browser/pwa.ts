/**
 * The web app as an installable app (there is no desktop client): the service worker
 * (public/sw.js) registered once in production builds, the browser's install prompt kept
 * for the /download page, notification permission, and system notifications shown through
 * the service worker while the page is in the background.
 */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let installPrompt: InstallPrompt | null = null;
const listeners = new Set<() => void>();

export function watchInstallPrompt() {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPrompt;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    for (const listener of listeners) listener();
  });
}

export const canInstall = () => installPrompt !== null;

export function onInstallChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function promptInstall(): Promise<boolean> {
  if (!installPrompt) return false;
  await installPrompt.prompt();
  const { outcome } = await installPrompt.userChoice;
  installPrompt = null;
  for (const listener of listeners) listener();
  return outcome === 'accepted';
}

export const isStandalone = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches === true;

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  void navigator.serviceWorker.register('/sw.js').catch(() => {});
}

export type NotifyPermission = NotificationPermission | 'unsupported';

export const notificationPermission = (): NotifyPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

export async function requestNotifications(): Promise<NotifyPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** A system notification (page in the background, permission granted); false when none was shown. */
export async function showSystemNotification(title: string, body: string, url: string, tag: string) {
  if (notificationPermission() !== 'granted' || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return false;
  await registration.showNotification(title, { body, tag, data: { url }, icon: '/icon-192.png' });
  return true;
}
