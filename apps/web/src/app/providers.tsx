/**
 * Everything the pages run inside: server-state cache, theme and locale, and the bridge
 * that lets the API client show antd notices and navigate.
 */
import { LIMITS } from '@jq/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

import { type ReactNode, useEffect, useState } from 'react';
import { setApiEffects } from '../shared/api/client';
import { useFeedback } from '../shared/feedback/feedback';
import { ThemeProvider } from './theme-provider';

export interface ProvidersProps {
  children: ReactNode;
  /** The app's query cache (main.tsx makes it, so the first page's data can be asked for before React renders); a new one by default. */
  queryClient?: QueryClient;
  /** Router navigation for the API client (/500, /ipBanned); defaults to a page load. */
  navigate?: (path: string) => void;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The API client already reports failures; one quiet retry covers a blip.
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

export function Providers({ children, navigate, queryClient: given }: ProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ApiBridge navigate={navigate} />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}

function ApiBridge({ navigate }: { navigate?: (path: string) => void }) {
  const { notification } = useFeedback();
  useEffect(() => {
    setApiEffects({
      notify: ({ key, title, description }) =>
        notification.error({ key, title, description, duration: LIMITS.notificationSeconds }),
      ...(navigate ? { navigate } : {}),
    });
  }, [notification, navigate]);
  return null;
}
