// antd's first-screen styles, extracted at build time (build/antd-styles.ts); before the app's CSS.
import 'virtual:antd-styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient, Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { registerServiceWorker, watchInstallPrompt } from './shared/browser/pwa';
import { isSameLocation } from './shared/navigation/page-trail';
import './app/global.css';

// The installable web app (no desktop client exists): its service worker and install prompt.
watchInstallPrompt();
registerServiceWorker();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The API client navigates from outside React (/500, /ipBanned); repeats are swallowed.
function navigateFromApi(path: string) {
  if (isSameLocation(path, router.state.location)) return;
  void router.navigate(path);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

const root = createRoot(container);
// A transition: the first render runs in React's time slices rather than as one long task that
// would hold a phone's main thread while the page loads (docs/decisions.md 2026-11-29).
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers navigate={navigateFromApi} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
