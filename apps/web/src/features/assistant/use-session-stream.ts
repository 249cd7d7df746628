/**
 * The one stream a session view (a conversation, an AI search) runs at a time. Switching the
 * address to another session stops it and calls `onSwitch` to clear the view — but not a
 * switch to the session this view just created (`ownIdRef`: its content is already on
 * screen), and not StrictMode's second run of the effect. Leaving the page stops it too
 * (StrictMode's test unmount, remounted at once, does not).
 */
import { type Dispatch, type MutableRefObject, type SetStateAction, useEffect, useRef } from 'react';

export interface SessionStream {
  /** The running stream's controller; null when none runs. */
  controllerRef: MutableRefObject<AbortController | null>;
  /** The session this view created itself. */
  ownIdRef: MutableRefObject<string | null>;
  setStreaming: Dispatch<SetStateAction<boolean>>;
}

export function useSessionStream(id: string | null, stream: SessionStream, onSwitch: () => void) {
  const { controllerRef, ownIdRef, setStreaming } = stream;
  const onSwitchRef = useRef(onSwitch);
  onSwitchRef.current = onSwitch;

  const shownRef = useRef(id);
  useEffect(() => {
    if (shownRef.current === id) return;
    shownRef.current = id;
    if (id !== null && id === ownIdRef.current) return;
    controllerRef.current?.abort();
    controllerRef.current = null;
    ownIdRef.current = null;
    setStreaming(false);
    onSwitchRef.current();
  }, [id, controllerRef, ownIdRef, setStreaming]);

  useEffect(() => {
    let isMounted = true;
    return () => {
      isMounted = false;
      setTimeout(() => {
        if (!isMounted) controllerRef.current?.abort();
      }, 0);
    };
  }, [controllerRef]);
}
