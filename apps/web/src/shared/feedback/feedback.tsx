/**
 * The app's toasts (antd message), notices (antd notification) and confirm dialogs, through
 * antd's hooks so they follow the theme. This stands in for antd's App, which would put
 * all three in every page's first load: here they load when first used (calls made before
 * wait in a queue), and the toasts are fetched anyway once the browser is idle, so a
 * click's toast does not wait for the network. The wrapper gives plain text antd App's base
 * typography (colour, size, line height).
 */
import type { message as antMessage, notification as antNotification } from 'antd';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

type Target = 'message' | 'notification' | 'modal';

export interface FeedbackCall {
  target: Target;
  method: string;
  args: unknown[];
}

/** An antd API whose calls return nothing (they may run a moment later). */
type Deferred<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => unknown ? (...args: A) => void : never;
};

type MessageMethods = Pick<
  typeof antMessage,
  'success' | 'error' | 'info' | 'warning' | 'loading' | 'destroy'
>;
type NotificationMethods = Pick<typeof antNotification, 'success' | 'error' | 'info' | 'warning' | 'destroy'>;

export interface ModalApi {
  confirm(config: ModalFuncProps): void;
  info(config: ModalFuncProps): void;
}

export interface Feedback {
  message: Deferred<MessageMethods>;
  notification: Deferred<NotificationMethods>;
  modal: ModalApi;
}

const MESSAGE_METHODS = ['success', 'error', 'info', 'warning', 'loading', 'destroy'] as const;
const NOTIFICATION_METHODS = ['success', 'error', 'info', 'warning', 'destroy'] as const;

const loadHosts = () => import('./feedback-hosts');
const ToastsHost = lazy(async () => ({ default: (await loadHosts()).ToastsHost }));
const ModalHost = lazy(async () => ({ default: (await loadHosts()).ModalHost }));

function build(send: (call: FeedbackCall) => void): Feedback {
  const api = (target: Target, methods: readonly string[]) =>
    Object.fromEntries(
      methods.map((method) => [method, (...args: unknown[]) => send({ target, method, args })]),
    );
  return {
    message: api('message', MESSAGE_METHODS) as Feedback['message'],
    notification: api('notification', NOTIFICATION_METHODS) as Feedback['notification'],
    modal: api('modal', ['confirm', 'info']) as unknown as ModalApi,
  };
}

/** A host loaded on its first call; calls made before it mounts wait in order. */
function useHostQueue() {
  const [isWanted, setWanted] = useState(false);
  const handler = useRef<((call: FeedbackCall) => void) | null>(null);
  const queue = useRef<FeedbackCall[]>([]);
  const take = useCallback((handle: (call: FeedbackCall) => void) => {
    handler.current = handle;
    for (const call of queue.current.splice(0)) handle(call);
  }, []);
  const send = useCallback((call: FeedbackCall) => {
    if (handler.current) return handler.current(call);
    queue.current.push(call);
    setWanted(true);
  }, []);
  return { isWanted, want: () => setWanted(true), take, send };
}

const FeedbackContext = createContext<Feedback | null>(null);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const toasts = useHostQueue();
  const modals = useHostQueue();
  const { send: sendToast, want: wantToasts } = toasts;
  const sendModal = modals.send;
  const value = useMemo(
    () => build((call) => (call.target === 'modal' ? sendModal : sendToast)(call)),
    [sendToast, sendModal],
  );

  useEffect(() => {
    if (window.requestIdleCallback) {
      const handle = window.requestIdleCallback(() => wantToasts());
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => wantToasts(), 2000);
    return () => window.clearTimeout(timer);
  }, [wantToasts]);

  return (
    <FeedbackContext.Provider value={value}>
      <div className="jq-app">{children}</div>
      <Suspense fallback={null}>
        {toasts.isWanted && <ToastsHost take={toasts.take} />}
        {modals.isWanted && <ModalHost take={modals.take} />}
      </Suspense>
    </FeedbackContext.Provider>
  );
}

/**
 * The provider's feedback. There is no stand-in outside it (antd's static methods would put
 * toasts in a root of their own, whose timers outlive the component and a test's page): a
 * component tested alone is rendered inside a FeedbackProvider, as the app renders it.
 */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside a FeedbackProvider');
  return feedback;
}
